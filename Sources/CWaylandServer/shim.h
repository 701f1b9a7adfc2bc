#include <wayland-server.h>
