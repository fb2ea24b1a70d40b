// libxml2 (Debian's libxml2-dev). Only Sources/XML imports it.
#ifndef MEDD_CLIBXML2_SHIM_H
#define MEDD_CLIBXML2_SHIM_H

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#endif
