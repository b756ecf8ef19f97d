//! When a changed document is checked: at once when its checks are fast, after a pause as long
//! as its checks take when they are slow. Each document's check time is an exponential moving
//! average of its last checks; a document has at most one check pending, whatever number of
//! changes it gets (the newest text is checked). Time is a parameter, never read here, so the
//! policy is tested with made-up instants.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// How changes are paced.
#[derive(Debug, Clone, Copy)]
pub struct Pacing {
    /// A document whose checks take less than this is checked as soon as the changes that
    /// have arrived are read: a pause would cost more than the check it saves.
    pub fast: Duration,
    /// The longest quiet time waited for before a slow document is checked.
    pub max_pause: Duration,
    /// The longest a changed document waits for its check while changes keep coming.
    pub max_wait: Duration,
}

/// An editor's pacing. Under 20 ms a check is faster than keys are typed; a check that takes
/// longer waits for a quiet time as long as itself (up to half a second), so a burst of typing
/// is checked once at its end rather than once per key, yet a document is never left unchecked
/// for more than a second.
pub const EDITOR: Pacing = Pacing {
    fast: Duration::from_millis(20),
    max_pause: Duration::from_millis(500),
    max_wait: Duration::from_millis(1000),
};

/// Every change checked as soon as the changes that have arrived are read (the fuzz target's).
pub const AT_ONCE: Pacing = Pacing {
    fast: Duration::MAX,
    max_pause: Duration::ZERO,
    max_wait: Duration::ZERO,
};

/// A changed document waiting for its check.
#[derive(Debug, Clone, Copy)]
struct Pending {
    /// Its first change since it was last checked.
    first: Instant,
    /// Its last change.
    last: Instant,
}

/// The documents' check times and pending checks, by key (a document's URI).
#[derive(Debug)]
pub struct Pacer {
    pacing: Pacing,
    /// The moving average of each document's check time.
    took: BTreeMap<String, Duration>,
    pending: BTreeMap<String, Pending>,
}

impl Pacer {
    /// No document checked yet, none pending.
    pub fn new(pacing: Pacing) -> Self {
        Pacer {
            pacing,
            took: BTreeMap::new(),
            pending: BTreeMap::new(),
        }
    }

    /// A document changed at `now`: its check is pending (one, however many changes).
    pub fn changed(&mut self, key: &str, now: Instant) {
        self.pending
            .entry(key.to_string())
            .and_modify(|p| p.last = now)
            .or_insert(Pending {
                first: now,
                last: now,
            });
    }

    /// A document is closed: nothing of it is pending or remembered.
    pub fn closed(&mut self, key: &str) {
        self.pending.remove(key);
        self.took.remove(key);
    }

    /// A document's check took `took`: the average moves a quarter of the way to it (the
    /// first check sets it).
    pub fn checked(&mut self, key: &str, took: Duration) {
        self.took
            .entry(key.to_string())
            .and_modify(|avg| *avg = (*avg * 3 + took) / 4)
            .or_insert(took);
    }

    /// How long a document's checks take, on average (`None` before its first).
    pub fn check_time(&self, key: &str) -> Option<Duration> {
        self.took.get(key).copied()
    }

    /// The quiet time a document waits for after a change: none when its checks are fast (or
    /// not yet measured), else as long as they take, up to the longest pause.
    pub fn pause(&self, key: &str) -> Duration {
        match self.check_time(key) {
            Some(t) if t >= self.pacing.fast => t.min(self.pacing.max_pause),
            _ => Duration::ZERO,
        }
    }

    /// When a pending document is due to be checked.
    fn due(&self, key: &str, p: &Pending) -> Instant {
        (p.last + self.pause(key)).min(p.first + self.pacing.max_wait)
    }

    /// The earliest instant a pending document is due, if any is pending.
    pub fn next_due(&self) -> Option<Instant> {
        self.pending.iter().map(|(k, p)| self.due(k, p)).min()
    }

    /// Whether a pending document has waited the longest wait (it is checked before more
    /// messages are read, however many are waiting).
    pub fn overdue(&self, now: Instant) -> bool {
        self.pending
            .values()
            .any(|p| now >= p.first + self.pacing.max_wait)
    }

    /// The documents due at `now`, in key order, no longer pending.
    pub fn take_due(&mut self, now: Instant) -> Vec<String> {
        let due: Vec<String> = self
            .pending
            .iter()
            .filter(|(k, p)| self.due(k, p) <= now)
            .map(|(k, _)| k.clone())
            .collect();
        for k in &due {
            self.pending.remove(k);
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// A document typed into every `gap` for `keys` keys from `t0`, the pacer asked at each
    /// key what is due (as the server's loop does once the waiting messages are read); the
    /// number of checks made, each taking `took`.
    fn typing(p: &mut Pacer, t0: Instant, keys: u64, gap: Duration, took: Duration) -> usize {
        let mut checks = 0;
        let mut now = t0;
        for _ in 0..keys {
            p.changed("doc", now);
            for key in p.take_due(now) {
                p.checked(&key, took);
                checks += 1;
                now += took;
            }
            now += gap;
        }
        // Then the typing stops: the pending check is made when it is due.
        if let Some(due) = p.next_due() {
            for key in p.take_due(due.max(now)) {
                p.checked(&key, took);
                checks += 1;
            }
        }
        assert!(p.next_due().is_none(), "nothing is left pending");
        checks
    }

    #[test]
    fn a_fast_document_is_checked_at_once() {
        let t0 = Instant::now();
        let mut p = Pacer::new(EDITOR);
        // Not yet measured: checked at once.
        p.changed("doc", t0);
        assert_eq!(p.next_due(), Some(t0));
        assert_eq!(p.take_due(t0), ["doc"]);
        p.checked("doc", ms(2));
        assert_eq!(p.pause("doc"), Duration::ZERO);
        // Every key of a burst is checked as it arrives: no pause.
        assert_eq!(typing(&mut p, t0 + ms(10), 50, ms(30), ms(2)), 50);
    }

    #[test]
    fn a_slow_document_coalesces_a_burst_into_one_check() {
        let t0 = Instant::now();
        let mut p = Pacer::new(EDITOR);
        p.changed("doc", t0);
        assert_eq!(p.take_due(t0), ["doc"]);
        p.checked("doc", ms(80));
        assert_eq!(p.pause("doc"), ms(80));
        // Keys every 30 ms, quicker than its check: one check when the typing pauses.
        let start = t0 + ms(100);
        p.changed("doc", start);
        assert_eq!(p.take_due(start + ms(79)), Vec::<String>::new());
        assert_eq!(p.next_due(), Some(start + ms(80)));
        p.changed("doc", start + ms(30));
        assert_eq!(
            p.next_due(),
            Some(start + ms(110)),
            "a change moves the pause on"
        );
        assert_eq!(p.take_due(start + ms(110)), ["doc"]);
        p.checked("doc", ms(80));
        assert_eq!(typing(&mut p, start + ms(500), 20, ms(30), ms(80)), 1);
    }

    #[test]
    fn a_slow_document_is_checked_at_the_longest_wait_while_typing_goes_on() {
        let t0 = Instant::now();
        let mut p = Pacer::new(EDITOR);
        p.checked("doc", ms(80));
        // 100 keys 30 ms apart (3 s): a check every second or so, then one at the end.
        let checks = typing(&mut p, t0, 100, ms(30), ms(80));
        assert!((3..=4).contains(&checks), "{checks} checks");
        // A very slow document waits at most the longest pause.
        p.checked("big", Duration::from_secs(3));
        assert_eq!(p.pause("big"), ms(500));
    }

    #[test]
    fn the_average_follows_the_last_checks() {
        let mut p = Pacer::new(EDITOR);
        assert_eq!(p.check_time("doc"), None);
        p.checked("doc", ms(100));
        p.checked("doc", ms(4));
        assert_eq!(p.check_time("doc"), Some(ms(76)));
        for _ in 0..20 {
            p.checked("doc", ms(4));
        }
        assert_eq!(p.pause("doc"), Duration::ZERO, "fast again");
        p.closed("doc");
        assert_eq!(p.check_time("doc"), None);
    }

    #[test]
    fn each_document_has_its_own_pace() {
        let t0 = Instant::now();
        let mut p = Pacer::new(EDITOR);
        p.checked("slow", ms(200));
        p.checked("fast", ms(1));
        p.changed("slow", t0);
        p.changed("fast", t0);
        assert_eq!(p.take_due(t0), ["fast"]);
        assert_eq!(p.next_due(), Some(t0 + ms(200)));
        assert!(!p.overdue(t0 + ms(999)));
        assert!(p.overdue(t0 + ms(1000)));
        assert_eq!(p.take_due(t0 + ms(200)), ["slow"]);
    }
}
