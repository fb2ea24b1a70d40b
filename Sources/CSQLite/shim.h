// The SQLite C library (Debian's libsqlite3). Only Sources/SQLite imports it.
#ifndef MEDD_CSQLITE_SHIM_H
#define MEDD_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import as a constant.
static inline void (*medd_sqlite_transient(void))(void *) {
    return SQLITE_TRANSIENT;
}

#endif
