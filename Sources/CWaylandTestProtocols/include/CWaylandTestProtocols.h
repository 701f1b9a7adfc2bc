/* The protocol headers and their module map are generated at build time by
   Plugins/WaylandScanner from the XML beside this folder. */
