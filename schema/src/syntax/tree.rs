//! The kinds of the syntax tree's tokens and nodes, the rowan language that ties them to the
//! tree, and the questions asked of a value node (its key, its items, its name).

use rowan::Language;

/// The kinds written once: the enum, and `ALL`, its variants in their order, so that a raw kind
/// maps back without `unsafe`.
macro_rules! syntax_kinds {
    ($($(#[$doc:meta])* $kind:ident,)+) => {
        /// What a token or a node is.
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u16)]
        pub enum SyntaxKind {
            $($(#[$doc])* $kind,)+
        }

        /// Every kind, in the order of their raw numbers.
        const ALL: [SyntaxKind; [$(stringify!($kind)),+].len()] = [$(SyntaxKind::$kind),+];
    };
}

syntax_kinds! {
    // Tokens.
    /// Spaces, tabs, line breaks.
    WHITESPACE,
    /// `// …` to the end of the line.
    LINE_COMMENT,
    /// `/* … */`, nested.
    BLOCK_COMMENT,
    /// `(`.
    L_PAREN,
    /// `)`.
    R_PAREN,
    /// `[`.
    L_BRACKET,
    /// `]`.
    R_BRACKET,
    /// `{`.
    L_BRACE,
    /// `}`.
    R_BRACE,
    /// `:`.
    COLON,
    /// `,`.
    COMMA,
    /// A string, raw string, byte string or char, quotes included.
    STRING,
    /// A number as written.
    NUMBER,
    /// A name: a field, a variant, `true`, `None`, `Some`.
    IDENT,
    /// `#![enable(…)]` at the top of a RON file.
    ATTRIBUTE,
    /// Text that is no token of the grammar.
    ERROR,
    // Nodes.
    /// The whole text.
    ROOT,
    /// A value that is one token (string, number, name).
    SCALAR,
    /// A bracketed value, with the name before it if any (`Deploy(…)`, `[…]`, `{…}`).
    GROUP,
    /// One element of a bracket: a value, or a key, `:` and a value (the comma after it is the
    /// bracket's).
    ENTRY,
    /// Tokens the parser skipped to recover from an error.
    ERROR_NODE,
}

use SyntaxKind::*;

impl SyntaxKind {
    /// Whitespace or a comment: what the layout, not the value, is made of.
    pub fn is_trivia(self) -> bool {
        matches!(self, WHITESPACE | LINE_COMMENT | BLOCK_COMMENT)
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        Self(kind as u16)
    }
}

/// The rowan language of RON and JSON texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {}

impl Language for Lang {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        assert!(raw.0 <= ERROR_NODE as u16);
        ALL[raw.0 as usize]
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

/// A node of the tree.
pub type SyntaxNode = rowan::SyntaxNode<Lang>;
/// A token of the tree.
pub type SyntaxToken = rowan::SyntaxToken<Lang>;

/// Is this node a value (a scalar or a bracket)?
pub fn is_value(node: &SyntaxNode) -> bool {
    matches!(node.kind(), SCALAR | GROUP)
}

/// The value of a whole text: the root's value node.
pub fn root_value(root: &SyntaxNode) -> Option<SyntaxNode> {
    root.children().find(is_value)
}

/// Where a node starts in the text, in bytes.
pub fn start(node: &SyntaxNode) -> usize {
    node.text_range().start().into()
}

/// Where a node ends in the text, in bytes.
pub fn end(node: &SyntaxNode) -> usize {
    node.text_range().end().into()
}

/// The one significant token of a scalar, or a group's name.
pub fn first_token(node: &SyntaxNode) -> Option<SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| !t.kind().is_trivia())
}

/// A group's name (`Deploy` in `Deploy(…)`), if it has one.
pub fn group_name(group: &SyntaxNode) -> Option<SyntaxToken> {
    first_token(group).filter(|t| t.kind() == IDENT)
}

/// A group's opening bracket kind (`L_PAREN`, `L_BRACKET` or `L_BRACE`).
pub fn group_open(group: &SyntaxNode) -> Option<SyntaxToken> {
    group
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| matches!(t.kind(), L_PAREN | L_BRACKET | L_BRACE))
}

/// A group's entries, in order.
pub fn entries(group: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> {
    group.children().filter(|n| n.kind() == ENTRY)
}

/// An entry's key value node (`a` in `a: 1`), if it has a key.
pub fn entry_key(entry: &SyntaxNode) -> Option<SyntaxNode> {
    let has_colon = entry.children_with_tokens().any(|e| e.kind() == COLON);
    if has_colon {
        entry.children().find(is_value)
    } else {
        None
    }
}

/// An entry's value node (`1` in `a: 1`, or the entry's only value).
pub fn entry_value(entry: &SyntaxNode) -> Option<SyntaxNode> {
    let values: Vec<SyntaxNode> = entry.children().filter(is_value).collect();
    let has_colon = entry.children_with_tokens().any(|e| e.kind() == COLON);
    if has_colon {
        values.into_iter().nth(1)
    } else {
        values.into_iter().next()
    }
}

/// A key as a name: a field or identifier as written (`r#` dropped), a string key's value.
pub fn key_name(key: &SyntaxNode) -> Option<String> {
    let t = first_token(key)?;
    match t.kind() {
        IDENT => Some(t.text().strip_prefix("r#").unwrap_or(t.text()).to_string()),
        STRING => serde_json::from_str::<String>(t.text()).ok(),
        NUMBER => Some(t.text().to_string()),
        _ => None,
    }
}

/// The entry of a group whose key is `name`.
pub fn field(group: &SyntaxNode, name: &str) -> Option<SyntaxNode> {
    entries(group).find(|e| entry_key(e).and_then(|k| key_name(&k)).as_deref() == Some(name))
}
