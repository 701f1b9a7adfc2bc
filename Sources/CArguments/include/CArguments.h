#ifndef REWRAP_CARGUMENTS_H
#define REWRAP_CARGUMENTS_H

// Nothing to call: arguments.c only changes how the Swift runtime finds argv.

#endif
