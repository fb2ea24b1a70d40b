/// Marsaglia's xorshift with Vigna's multiplier: a seeded generator, so the fuzz test mutates the
/// same bytes on every run.
struct Xorshift64Star: RandomNumberGenerator {
    private var state: UInt64

    /// A generator from `seed`; xorshift must never hold zero, so zero is replaced.
    init(seed: UInt64) { state = seed == 0 ? 0x6D65_6464_6963_616C : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
