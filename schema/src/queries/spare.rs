//! Each thread's spare buffers of the movement searches, kept from one search to the next. A
//! field of the largest map takes 5 MB and a phase field 9 MB; mapped afresh for every search,
//! they were paid again in page faults and the kernel's zeroing (`analyze` of 52 groups on the
//! largest map searches once or twice a group: a sixth of its time was the kernel's). A buffer
//! taken is filled whole before it is used, so no search sees what an earlier one left. A
//! thread holds at most two buffers of each type, none over 8 MiB (26 MB on the largest map).

use std::cell::RefCell;
use std::thread::LocalKey;

/// How many buffers of each type a thread keeps: a group's field and its phase fields are
/// alive at once, each with its links.
const KEEP: usize = 2;

/// The largest buffer kept, in bytes: the largest map's (1,000,000 hexes, 8 bytes each at most).
const KEEP_AT_MOST: usize = 8 << 20;

thread_local! {
    static U8: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
    static U32: RefCell<Vec<Vec<u32>>> = const { RefCell::new(Vec::new()) };
    static U64: RefCell<Vec<Vec<u64>>> = const { RefCell::new(Vec::new()) };
}

/// A type of value the searches keep a buffer of.
pub(crate) trait Kept: Copy + 'static {
    /// The thread's spare buffers of this type.
    fn spares() -> &'static LocalKey<RefCell<Vec<Vec<Self>>>>;
}

impl Kept for u8 {
    fn spares() -> &'static LocalKey<RefCell<Vec<Vec<u8>>>> {
        &U8
    }
}

impl Kept for u32 {
    fn spares() -> &'static LocalKey<RefCell<Vec<Vec<u32>>>> {
        &U32
    }
}

impl Kept for u64 {
    fn spares() -> &'static LocalKey<RefCell<Vec<Vec<u64>>>> {
        &U64
    }
}

/// `n` copies of `value`, in a spare buffer of the thread's when it has one.
pub(crate) fn filled<T: Kept>(n: usize, value: T) -> Vec<T> {
    let mut v = T::spares()
        .try_with(|s| s.borrow_mut().pop())
        .ok()
        .flatten()
        .unwrap_or_default();
    v.clear();
    v.resize(n, value);
    v
}

/// Keep `v` for the next search of this thread (dropped when the thread has enough, or it is
/// too large to hold on to).
pub(crate) fn give_back<T: Kept>(v: Vec<T>) {
    if v.capacity() == 0 || v.capacity() * size_of::<T>() > KEEP_AT_MOST {
        return;
    }
    // The thread may be ending (its spares already gone): then `v` is dropped.
    let _ = T::spares().try_with(|s| {
        let mut s = s.borrow_mut();
        if s.len() < KEEP {
            s.push(v);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_given_back_is_taken_again_filled_whole() {
        let mut v = filled(1000, 7u32);
        v[3] = 1;
        let at = v.as_ptr();
        give_back(v);
        let again = filled(500, 9u32);
        assert_eq!(again.as_ptr(), at, "the spare buffer is reused");
        assert!(again.iter().all(|x| *x == 9) && again.len() == 500);
        give_back(again);
        // Too large to keep: a fresh buffer next time.
        give_back(vec![0u64; KEEP_AT_MOST / 8 + 1]);
        assert!(U64.with(|s| s.borrow().is_empty()));
    }
}
