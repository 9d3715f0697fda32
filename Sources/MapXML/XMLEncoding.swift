/// The character encodings the parser reads (XML 1.0 §4.3.3 and Appendix F).
///
/// UTF-8 and UTF-16 are required of every XML processor; the single-byte encodings are the
/// ones GPS software and older Windows tools actually write.
package enum XMLEncoding: Hashable, Sendable {
    case utf8
    case utf16BigEndian
    case utf16LittleEndian
    /// ISO-8859-1: each byte is the scalar of the same value.
    case latin1
    /// US-ASCII: bytes above 0x7F are errors.
    case ascii
    /// windows-1252: ISO-8859-1 with printable characters in place of the C1 controls.
    case windows1252
    /// ISO-8859-15: ISO-8859-1 with the euro sign and eight other letters replaced.
    case latin9

    /// A name for messages.
    package var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16BigEndian: "UTF-16 (big-endian)"
        case .utf16LittleEndian: "UTF-16 (little-endian)"
        case .latin1: "ISO-8859-1"
        case .ascii: "US-ASCII"
        case .windows1252: "windows-1252"
        case .latin9: "ISO-8859-15"
        }
    }

    package var isUTF16: Bool { self == .utf16BigEndian || self == .utf16LittleEndian }

    /// What an encoding declaration can name, by family: UTF-16 says nothing about byte
    /// order, which the byte-order mark or the first characters decide.
    package enum Declared: Equatable {
        case utf8
        case utf16
        case singleByte(XMLEncoding)
    }

    /// Looks up a declared encoding name, ignoring case as §4.3.3 asks; `nil` when unknown.
    /// The aliases are the IANA charset registry's.
    package static func declared(_ name: String) -> Declared? {
        switch name.uppercased() {
        case "UTF-8", "UTF8": .utf8
        case "UTF-16", "UTF16", "UTF-16LE", "UTF-16BE", "ISO-10646-UCS-2", "UCS-2", "CSUNICODE": .utf16
        case "ISO-8859-1", "ISO8859-1", "ISO_8859-1", "ISO_8859-1:1987", "ISO-IR-100", "LATIN1", "LATIN-1", "L1",
            "IBM819",
            "CP819", "CSISOLATIN1":
            .singleByte(.latin1)
        case "US-ASCII", "ASCII", "ANSI_X3.4-1968", "ANSI_X3.4-1986", "ISO646-US", "ISO_646.IRV:1991", "US", "IBM367",
            "CP367",
            "CSASCII":
            .singleByte(.ascii)
        case "WINDOWS-1252", "CP1252", "X-CP1252", "CSWINDOWS1252": .singleByte(.windows1252)
        case "ISO-8859-15", "ISO8859-15", "ISO_8859-15", "LATIN-9", "LATIN9", "L9", "CSISO885915": .singleByte(.latin9)
        default: nil
        }
    }

    /// How the document starts, read from its first four bytes (Appendix F).
    package enum Detected: Equatable {
        /// A byte-order mark of this many bytes says the encoding.
        case byteOrderMark(XMLEncoding, length: Int)
        /// UTF-16 without a byte-order mark: `<?` as 16-bit units.
        case utf16(XMLEncoding)
        /// UTF-8, or an encoding that the XML declaration will name, which must read ASCII as
        /// ASCII for the declaration itself to be readable.
        case asciiCompatible
        /// A layout this parser cannot read: UCS-4 or EBCDIC.
        case unsupported(String)
    }

    package static func detect(_ head: some Collection<UInt8>) -> Detected {
        let bytes = Array(head.prefix(4))
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        if starts([0x00, 0x00, 0xFE, 0xFF]) || starts([0xFF, 0xFE, 0x00, 0x00]) || starts([0x00, 0x00, 0x00, 0x3C])
            || starts([0x3C, 0x00, 0x00, 0x00])
        {
            return .unsupported("UCS-4")
        }
        if starts([0xEF, 0xBB, 0xBF]) { return .byteOrderMark(.utf8, length: 3) }
        if starts([0xFE, 0xFF]) { return .byteOrderMark(.utf16BigEndian, length: 2) }
        if starts([0xFF, 0xFE]) { return .byteOrderMark(.utf16LittleEndian, length: 2) }
        if starts([0x00, 0x3C, 0x00, 0x3F]) { return .utf16(.utf16BigEndian) }
        if starts([0x3C, 0x00, 0x3F, 0x00]) { return .utf16(.utf16LittleEndian) }
        if starts([0x4C, 0x6F, 0xA7, 0x94]) { return .unsupported("EBCDIC") }
        return .asciiCompatible
    }

    /// The scalar a byte of a single-byte encoding stands for; `nil` for a byte the encoding
    /// leaves undefined.
    @inline(__always)
    package func scalar(forSingleByte byte: UInt8) -> UInt32? {
        if byte < 0x80 { return UInt32(byte) }
        switch self {
        case .ascii: return nil
        case .windows1252 where byte < 0xA0:
            let scalar = Self.windows1252High[Int(byte) - 0x80]
            return scalar == 0 ? nil : UInt32(scalar)
        case .latin9:
            switch byte {
            case 0xA4: return 0x20AC
            case 0xA6: return 0x160
            case 0xA8: return 0x161
            case 0xB4: return 0x17D
            case 0xB8: return 0x17E
            case 0xBC: return 0x152
            case 0xBD: return 0x153
            case 0xBE: return 0x178
            default: return UInt32(byte)
            }
        default: return UInt32(byte)
        }
    }

    /// windows-1252 bytes 0x80…0x9F (0 where the code page defines nothing), from the
    /// Unicode Consortium's mapping table CP1252.TXT.
    private static let windows1252High: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
        0x0178,
    ]
}
