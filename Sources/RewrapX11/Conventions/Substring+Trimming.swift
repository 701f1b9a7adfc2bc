extension Substring {
    /// Without the spaces and tabs at either end, as X resource values are written.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
