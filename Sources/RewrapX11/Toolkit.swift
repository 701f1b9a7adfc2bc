// The X11 toolkit: see the other files in this target.
