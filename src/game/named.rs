//! One declaration for an enum whose variants each have a name: the
//! `named!` macro writes the enum, its names, `Display`, the list an error
//! gives of what it expected, and (when asked) parsing a name, so that these
//! never drift apart.
//!
//! It names nothing of the crate but this file: the error a failed parse
//! returns is the caller's, so that an enum below the errors
//! ([`crate::game::uses::Use`]) can be declared here too.

/// `names` in words, as an error lists what it expected: `a`, `a or b`,
/// `a, b or c`.
pub fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [only] => only.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Declares an enum from its variants and their names:
///
/// ```ignore
/// named! {
///     /// Docs and attributes of the enum, kept as written.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum Tier {
///         /// Docs and attributes of a variant, kept as written.
///         Easy => "easy",
///         Hard => "hard",
///     }
///     impl FromStr else InputError::unknown("tier");
/// }
/// ```
///
/// makes the enum (the variants must be `Copy`) and:
///
/// - `pub const ALL: [Self; N]`: every variant, in the order declared;
/// - `pub fn name(self) -> &'static str`;
/// - `impl Display`, writing the name (`impl Display as "--{}";` after the
///   enum writes it through that format instead);
/// - `pub fn expected() -> String`: the names in words, `easy or hard`;
/// - with `impl FromStr else E::f("what");`, `impl FromStr` with
///   `Err = E`: the variant of that name, else `E::f("what", input,
///   &expected())`. `E` is named where the macro is used.
///
/// `named!(impl FromStr for Tier else E::f("what"));` writes only the
/// `FromStr`, for an enum declared where its error is not known.
macro_rules! named {
    (impl FromStr for $Name:ident else $Err:ident :: $unknown:ident ($what:literal)) => {
        impl ::std::str::FromStr for $Name {
            type Err = $Err;

            fn from_str(s: &str) -> ::std::result::Result<$Name, $Err> {
                $Name::ALL
                    .into_iter()
                    .find(|v| v.name() == s)
                    .ok_or_else(|| $Err::$unknown($what, s, &$Name::expected()))
            }
        }
    };
    (@display $Name:ident) => {
        impl ::std::fmt::Display for $Name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
    (@display $Name:ident $format:literal) => {
        impl ::std::fmt::Display for $Name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, $format, self.name())
            }
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $Name:ident {
            $( $(#[$vmeta:meta])* $Variant:ident => $name:literal ),+ $(,)?
        }
        $(impl Display as $format:literal;)?
        $(impl FromStr else $Err:ident :: $unknown:ident ($what:literal);)?
    ) => {
        $(#[$meta])*
        $vis enum $Name {
            $( $(#[$vmeta])* $Variant, )+
        }

        impl $Name {
            /// Every variant, in the order declared.
            pub const ALL: [$Name; [$($name),+].len()] = [$($Name::$Variant),+];

            /// How the command line, files and messages spell it.
            pub fn name(self) -> &'static str {
                match self {
                    $( $Name::$Variant => $name, )+
                }
            }

            /// Every name in words, as an error lists what it expected:
            /// "a, b or c".
            pub fn expected() -> String {
                $crate::game::named::or_list(&[$($name),+])
            }
        }

        $crate::game::named::named!(@display $Name $($format)?);

        $( $crate::game::named::named!(impl FromStr for $Name else $Err::$unknown($what)); )?
    };
}

pub(crate) use named;

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Unknown(String);

    impl Unknown {
        fn new(what: &str, input: &str, expected: &str) -> Unknown {
            Unknown(format!("unknown {what} \"{input}\" (expected {expected})"))
        }
    }

    named! {
        /// A test enum.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
        enum Size {
            Small => "small",
            /// The middle one.
            #[default]
            Middle => "mid",
            Large => "large",
        }
        impl FromStr else Unknown::new("size");
    }

    named! {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Switch {
            Quiet => "quiet",
            DryRun => "dry-run",
        }
        impl Display as "--{}";
    }

    #[test]
    fn names_in_words() {
        assert_eq!(or_list(&[]), "");
        assert_eq!(or_list(&["a"]), "a");
        assert_eq!(or_list(&["a", "b"]), "a or b");
        assert_eq!(or_list(&["a", "b", "c"]), "a, b or c");
    }

    #[test]
    fn the_macro_declares_names_display_and_parsing() {
        assert_eq!(Size::ALL, [Size::Small, Size::Middle, Size::Large]);
        assert_eq!(Size::default(), Size::Middle);
        assert_eq!(Size::Middle.name(), "mid");
        assert_eq!(Size::Large.to_string(), "large");
        assert_eq!(Size::expected(), "small, mid or large");
        for s in Size::ALL {
            assert_eq!(s.name().parse::<Size>(), Ok(s));
        }
        assert_eq!(
            "Middle".parse::<Size>(),
            Err(Unknown(
                "unknown size \"Middle\" (expected small, mid or large)".to_string()
            ))
        );
        assert_eq!(Switch::ALL.len(), 2);
        assert_eq!(Switch::DryRun.to_string(), "--dry-run");
        assert_eq!(Switch::expected(), "quiet or dry-run");
    }
}
