/// Entry names as bytes become text (APPNOTE 6.3, appendix D): UTF-8 when the entry's flag
/// bit 11 says so, else IBM code page 437, the original encoding of ZIP names.
enum ZipText {
    /// Code page 437's upper half, 0x80 to 0xFF (its lower half is ASCII).
    private static let cp437UpperHalf = Array(
        "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐"
            + "└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}")

    /// The name in `bytes`, decoded as UTF-8 (invalid sequences replaced) or CP437.
    static func name(_ bytes: ArraySlice<UInt8>, isUTF8: Bool) -> String {
        if isUTF8 || bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var text = ""
        for byte in bytes {
            if byte < 0x80 {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text.append(cp437UpperHalf[Int(byte) - 0x80])
            }
        }
        return text
    }
}

/// Little-endian fields of a record (APPNOTE 6.3, §4.4.1: fields are stored low byte
/// first).
struct ZipRecord {
    let bytes: [UInt8]
    let start: Int

    init(_ bytes: [UInt8], at start: Int = 0) {
        self.bytes = bytes
        self.start = start
    }

    /// Whether the record holds `count` bytes from `offset`.
    func has(_ count: Int, at offset: Int) -> Bool { offset >= 0 && start + offset + count <= bytes.count }

    func u16(_ offset: Int) -> UInt16 {
        guard has(2, at: offset) else { return 0 }
        return UInt16(bytes[start + offset]) | UInt16(bytes[start + offset + 1]) << 8
    }

    func u32(_ offset: Int) -> UInt32 {
        guard has(4, at: offset) else { return 0 }
        return UInt32(u16(offset)) | UInt32(u16(offset + 2)) << 16
    }
}
