// The C surface medd-report-pdf draws with: cairo's PDF surface and pango's text layout on it.
// Only Sources/Cairo imports it.
#ifndef MEDD_CPANGOCAIRO_SHIM_H
#define MEDD_CPANGOCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#endif
