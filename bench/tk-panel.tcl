# tk-panel: the Rewrap panel (rules §1) in Tk 8.6, as bench/c-panel.c draws
# it: the same texts, sizes, colours and layout, on one canvas laid out again
# on each <Configure>. Tk's own measure of a toolkit that is not GTK:
#   wish bench/tk-panel.tcl
# Closing the window ends wish with status 0.
set PAD 20; set GAP 16; set SPACING 8; set CHPX 10; set CHPY 6
set menuHeading "Layout options"
set menuFooter "Choose a longer option, then narrow the window."
set dropdowns {"Shape: Circle" "Pattern: Solid" "Arrangement: Rows"}
set chipHeading "Sample labels"
set chipFooter "Resize the window to change how many labels fit."
set chips {"Sketch" "Color samples" "Shapes" "Paper textures" "Layout notes" "Preview"}

font create body -family sans-serif -size -14
font create bold -family sans-serif -size -14 -weight bold
wm title . tk-panel
wm geometry . 680x420+0+0
wm minsize . 320 240
canvas .c -background #fafafa -highlightthickness 0 -borderwidth 0
pack .c -fill both -expand 1

proc roundRect {x y w h r fill outline} {
    set x2 [expr {$x + $w}]; set y2 [expr {$y + $h}]; set d [expr {2 * $r}]
    .c create rectangle [expr {$x + $r}] $y [expr {$x2 - $r}] $y2 -fill $fill -width 0
    .c create rectangle $x [expr {$y + $r}] $x2 [expr {$y2 - $r}] -fill $fill -width 0
    foreach {ax ay start} [list $x $y 90 [expr {$x2 - $d}] $y 0 $x [expr {$y2 - $d}] 180 [expr {$x2 - $d}] [expr {$y2 - $d}] 270] {
        .c create arc $ax $ay [expr {$ax + $d}] [expr {$ay + $d}] -start $start -extent 90 -style pieslice \
            -fill $fill -outline $outline -width [expr {$outline eq "" ? 0 : 1}]
    }
    if {$outline ne ""} {
        .c create line [expr {$x + $r}] $y [expr {$x2 - $r}] $y -fill $outline
        .c create line [expr {$x + $r}] [expr {$y2 - 1}] [expr {$x2 - $r}] [expr {$y2 - 1}] -fill $outline
        .c create line $x [expr {$y + $r}] $x [expr {$y2 - $r}] -fill $outline
        .c create line [expr {$x2 - 1}] [expr {$y + $r}] [expr {$x2 - 1}] [expr {$y2 - $r}] -fill $outline
    }
}

proc control {text x y w h fill drop} {
    global CHPX CHPY
    roundRect $x $y $w $h [expr {$drop ? 6 : 8}] $fill [expr {$drop ? "#9a9a9a" : ""}]
    .c create text [expr {$x + $CHPX}] [expr {$y + $CHPY}] -text $text -font body -fill #1f1f1f -anchor nw
    if {$drop} {
        set cx [expr {$x + $w - $CHPX - 4}]; set cy [expr {$y + $h / 2}]
        .c create line [expr {$cx - 4}] [expr {$cy - 2}] $cx [expr {$cy + 2}] [expr {$cx + 4}] [expr {$cy - 2}] -fill #1f1f1f
    }
}

# A wrapped block of text at y; returns its height.
proc block {text font colour y width} {
    global PAD
    set item [.c create text $PAD $y -text $text -font $font -fill $colour -anchor nw -width $width]
    lassign [.c bbox $item] _ top _ bottom
    return [expr {$bottom - $top}]
}

proc paint {w h} {
    global PAD GAP SPACING CHPX CHPY menuHeading menuFooter dropdowns chipHeading chipFooter chips
    .c delete all
    set width [expr {max(0, $w - 2 * $PAD)}]
    set ch [expr {[font metrics body -linespace] + 2 * $CHPY}]
    set y $PAD
    set y [expr {$y + [block $menuHeading bold #1f1f1f $y $width] + $GAP}]
    # Flow layout (rules §2.2): wrap when x + spacing + w > limit.
    set x 0; set rowH 0
    foreach d $dropdowns {
        set cw [expr {$CHPX + [font measure body $d] + 16 + $CHPX}]
        if {$x > 0 && $x + $SPACING + $cw > $width} { set y [expr {$y + $rowH + $SPACING}]; set x 0; set rowH 0 }
        if {$x > 0} { incr x $SPACING }
        control $d [expr {$PAD + $x}] $y $cw $ch #ffffff 1
        incr x $cw
        set rowH [expr {max($rowH, $ch)}]
    }
    set y [expr {$y + $rowH + $GAP}]
    set y [expr {$y + [block $menuFooter body #6b6b6b $y $width] + $GAP}]
    set y [expr {$y + [block $chipHeading bold #1f1f1f $y $width] + $GAP}]
    # Chip row (rules §3.1): the largest prefix that fits, then an "N more" badge.
    set n [llength $chips]; set widths {}; set prefix 0; set i 0
    foreach c $chips {
        lappend widths [expr {[font measure body $c] + 2 * $CHPX}]
        incr prefix [expr {[lindex $widths end] + ($i ? $SPACING : 0)}]; incr i
    }
    for {set k $n} {$k > 0} {incr k -1} {
        set need $prefix
        if {$k < $n} {
            set badge "[expr {$n - $k}] more"
            set badgeW [expr {[font measure body $badge] + 2 * $CHPX}]
            incr need [expr {$SPACING + $badgeW}]
        }
        if {$need <= $width} break
        incr prefix [expr {-([lindex $widths [expr {$k - 1}]] + ($k > 1 ? $SPACING : 0))}]
    }
    if {$k == 0} { set badge "$n more"; set badgeW [expr {[font measure body $badge] + 2 * $CHPX}] }
    set x $PAD
    for {set i 0} {$i < $k} {incr i} {
        control [lindex $chips $i] $x $y [lindex $widths $i] $ch #e2ecf7 0
        incr x [expr {[lindex $widths $i] + $SPACING}]
    }
    if {$k < $n} { control $badge $x $y $badgeW $ch #e8e8e8 0 }
    set y [expr {$y + $ch + $GAP}]
    block $chipFooter body #1f1f1f $y $width
}

bind .c <Configure> { paint %w %h }
