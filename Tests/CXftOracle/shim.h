#ifndef REWRAP_CXFTORACLE_SHIM_H
#define REWRAP_CXFTORACLE_SHIM_H

/* libXft, for tests only: what Xft measures and the font settings it reads
   are the oracle for Rewrap's own. */
#include <X11/Xft/Xft.h>

#endif
