// The system's zlib (every Linux and macOS has it): the web files are gzipped once at start.
#include <zlib.h>
