#ifndef REWRAP_CTEXT_SHIM_H
#define REWRAP_CTEXT_SHIM_H

#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SYNTHESIS_H
#include <hb.h>
#include <fribidi/fribidi.h>

/* Function-like and composite macros do not import into Swift. */

static inline FT_Int32 rewrap_ft_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
static inline FT_Int32 rewrap_ft_load_target_mono(void) { return FT_LOAD_TARGET_MONO; }
static inline FT_Int32 rewrap_ft_load_target_lcd(void) { return FT_LOAD_TARGET_LCD; }
static inline FT_Int32 rewrap_ft_load_target_lcd_v(void) { return FT_LOAD_TARGET_LCD_V; }

static inline FriBidiParType rewrap_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType rewrap_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }

#endif
