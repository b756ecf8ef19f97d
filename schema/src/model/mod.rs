//! The model: what map, scenario, battle and export files say, as Rust types (serde +
//! schemars).

/// A "kind" enum naming the variants of a model enum, written once: the enum, `ALL` (every
/// kind, in the order given: the order an editor offers them), `label` (how people are shown
/// it) and `variant` (its name in files). The model enum's own `kind()` is an exhaustive
/// `match`, so a variant added to the model does not compile until it has a kind here, and
/// then every list built from `ALL` has it.
macro_rules! kinds {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident => $label:expr),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every kind, in the order offered.
            pub const ALL: [$name; [$(stringify!($variant)),+].len()] = [$($name::$variant),+];

            /// How the kind is named to people.
            pub fn label(self) -> &'static str {
                match self {
                    $($name::$variant => $label),+
                }
            }

            /// The variant's name in files (`Hold`).
            pub fn variant(self) -> &'static str {
                match self {
                    $($name::$variant => stringify!($variant)),+
                }
            }
        }
    };
}

/// The variant names serde reads for an enum (its `VARIANTS`), to test that a kind enum lists
/// every one.
#[cfg(test)]
pub(crate) fn serde_variants<T: serde::de::DeserializeOwned>() -> &'static [&'static str] {
    use serde::de::{Error as _, Visitor, value::Error};
    struct Grab<'a>(&'a mut &'static [&'static str]);
    impl<'de> serde::Deserializer<'de> for Grab<'_> {
        type Error = Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
            Err(Error::custom("not an enum"))
        }
        fn deserialize_enum<V: Visitor<'de>>(
            self,
            _: &'static str,
            variants: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Error> {
            *self.0 = variants;
            Err(Error::custom("variants taken"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier
            ignored_any
        }
    }
    let mut out: &'static [&'static str] = &[];
    let _ = T::deserialize(Grab(&mut out));
    out
}

pub mod analysis;
pub mod battle;
pub mod chart;
pub mod counter;
pub mod export;
pub mod hex;
pub mod hex_set;
pub mod limits;
pub mod map;
pub mod musket_and_saber;
pub mod musket_and_saber_export;
pub mod scenario;
pub mod special_rule;
pub mod victory;
pub mod zone;
