//! Helpers for the unit tests.

/// A xorshift64 generator (Marsaglia, "Xorshift RNGs", Journal of Statistical Software 8(14),
/// 2003, shifts 13, 7, 17): generated test cases that are the same on every run, without a
/// dependency.
pub(crate) struct XorShift(u64);

impl XorShift {
    /// A generator from a non-zero seed.
    pub(crate) fn new(seed: u64) -> XorShift {
        assert_ne!(seed, 0, "xorshift needs a non-zero seed");
        XorShift(seed)
    }

    /// The next 64 bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        let n = u64::try_from(n).expect("64-bit usize");
        usize::try_from(self.next_u64() % n).expect("below n")
    }

    /// One of `items` (not empty).
    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}
