/// A catalog's `Plural-Forms` rule, the C expression in `n` that picks a plural form
/// (`n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2` for Polish): parsed once,
/// evaluated as C evaluates it (unsigned long arithmetic, as gettext's evaluator does).
public struct PluralRule: Sendable {
    public let count: Int
    private let expression: Expression

    /// Reads `nplurals=N; plural=EXPRESSION;`; nil when it is not one.
    public init?(header: String) {
        guard let countText = Self.value(of: "nplurals", in: header), let count = Int(countText), (1...6).contains(count),
              let text = Self.value(of: "plural", in: header) else { return nil }
        var parser = Parser(Array(text.utf8))
        guard let expression = parser.parseExpression(), parser.atEnd else { return nil }
        self.count = count
        self.expression = expression
    }

    /// The form for `n`, within `0..<count`.
    public func form(for n: UInt) -> Int {
        let form = expression.evaluate(n)
        return form < UInt(count) ? Int(form) : 0
    }

    private static func value(of key: String, in header: String) -> String? {
        guard let range = header.rangeOfText(key + "=") else { return nil }
        let rest = header[range.upperBound...]
        return String(rest.prefix { $0 != ";" && $0 != "\n" })
    }

    private indirect enum Expression: Sendable {
        case n
        case number(UInt)
        case not(Expression)
        case binary(UInt8, Expression, Expression)
        case conditional(Expression, Expression, Expression)

        func evaluate(_ n: UInt) -> UInt {
            switch self {
            case .n: return n
            case .number(let value): return value
            case .not(let operand): return operand.evaluate(n) == 0 ? 1 : 0
            case .conditional(let condition, let then, let otherwise):
                return condition.evaluate(n) != 0 ? then.evaluate(n) : otherwise.evaluate(n)
            case .binary(let operation, let left, let right):
                let a = left.evaluate(n)
                if operation == UInt8(ascii: "&") { return a != 0 && right.evaluate(n) != 0 ? 1 : 0 }
                if operation == UInt8(ascii: "|") { return a != 0 || right.evaluate(n) != 0 ? 1 : 0 }
                let b = right.evaluate(n)
                switch operation {
                case UInt8(ascii: "*"): return a &* b
                case UInt8(ascii: "/"): return b == 0 ? 0 : a / b
                case UInt8(ascii: "%"): return b == 0 ? 0 : a % b
                case UInt8(ascii: "+"): return a &+ b
                case UInt8(ascii: "-"): return a &- b
                case UInt8(ascii: "<"): return a < b ? 1 : 0
                case UInt8(ascii: ">"): return a > b ? 1 : 0
                case Parser.lessOrEqual: return a <= b ? 1 : 0
                case Parser.greaterOrEqual: return a >= b ? 1 : 0
                case Parser.equal: return a == b ? 1 : 0
                default: return a != b ? 1 : 0
                }
            }
        }
    }

    /// Precedence climbing over C's operators, lowest first: `?:`, `||`, `&&`, `== !=`, `< > <= >=`,
    /// `+ -`, `* / %`, then `!`, numbers, `n` and parentheses.
    private struct Parser {
        static let lessOrEqual: UInt8 = 1
        static let greaterOrEqual: UInt8 = 2
        static let equal: UInt8 = 3
        static let notEqual: UInt8 = 4
        private static let levels: [[UInt8]] = [[UInt8(ascii: "|")], [UInt8(ascii: "&")], [equal, notEqual],
                                                [UInt8(ascii: "<"), UInt8(ascii: ">"), lessOrEqual, greaterOrEqual],
                                                [UInt8(ascii: "+"), UInt8(ascii: "-")], [UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%")]]
        private let bytes: [UInt8]
        private var index = 0
        private var depth = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool {
            mutating get {
                skipSpaces()
                return index == bytes.count
            }
        }

        mutating func parseExpression() -> Expression? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64, let condition = parseBinary(level: 0) else { return nil }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "?") else { return condition }
            index += 1
            guard let then = parseExpression() else { return nil }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let otherwise = parseExpression() else { return nil }
            return .conditional(condition, then, otherwise)
        }

        private mutating func parseBinary(level: Int) -> Expression? {
            guard level < Self.levels.count else { return parseUnary() }
            guard var left = parseBinary(level: level + 1) else { return nil }
            while let operation = nextOperator(in: Self.levels[level]) {
                guard let right = parseBinary(level: level + 1) else { return nil }
                left = .binary(operation, left, right)
            }
            return left
        }

        private mutating func parseUnary() -> Expression? {
            skipSpaces()
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: "!"), !(index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "=")) {
                index += 1
                depth += 1
                defer { depth -= 1 }
                guard depth < 64 else { return nil }
                return parseUnary().map(Expression.not)
            }
            if byte == UInt8(ascii: "n") {
                index += 1
                return .n
            }
            if byte == UInt8(ascii: "(") {
                index += 1
                guard let inner = parseExpression() else { return nil }
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ")") else { return nil }
                index += 1
                return inner
            }
            var value: UInt = 0
            var digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), digits < 18 {
                value = value * 10 + UInt(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            return digits > 0 ? .number(value) : nil
        }

        /// The operator at the cursor if it is one of `wanted` (consumed), else nil.
        private mutating func nextOperator(in wanted: [UInt8]) -> UInt8? {
            skipSpaces()
            guard index < bytes.count else { return nil }
            let first = bytes[index]
            let second = index + 1 < bytes.count ? bytes[index + 1] : 0
            let (operation, length): (UInt8, Int) = switch (first, second) {
            case (UInt8(ascii: "|"), UInt8(ascii: "|")): (UInt8(ascii: "|"), 2)
            case (UInt8(ascii: "&"), UInt8(ascii: "&")): (UInt8(ascii: "&"), 2)
            case (UInt8(ascii: "="), UInt8(ascii: "=")): (Self.equal, 2)
            case (UInt8(ascii: "!"), UInt8(ascii: "=")): (Self.notEqual, 2)
            case (UInt8(ascii: "<"), UInt8(ascii: "=")): (Self.lessOrEqual, 2)
            case (UInt8(ascii: ">"), UInt8(ascii: "=")): (Self.greaterOrEqual, 2)
            case (UInt8(ascii: "<"), _), (UInt8(ascii: ">"), _), (UInt8(ascii: "+"), _), (UInt8(ascii: "-"), _), (UInt8(ascii: "*"), _),
                 (UInt8(ascii: "/"), _), (UInt8(ascii: "%"), _): (first, 1)
            default: (0, 0)
            }
            guard length > 0, wanted.contains(operation) else { return nil }
            index += length
            return operation
        }

        private mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        }
    }
}
