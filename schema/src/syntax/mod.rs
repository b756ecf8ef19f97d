//! One lossless syntax tree for RON and JSON texts (rowan, as rust-analyzer and taplo use):
//! every byte of the text — comments, whitespace, trailing commas — is in the tree, so
//! `tree.to_string() == text` for every text, valid or not. The parser recovers from errors,
//! so one pass lists every independent mistake and the tree still covers the whole text.
//!
//! `lexer` splits the text into tokens, `parser` builds the tree from them, `tree` names the
//! kinds of tokens and nodes and answers questions about a value node, and `edit` applies a
//! change of the model to the text it was read from, keeping everything else byte for byte.

pub mod edit;
pub mod lexer;
pub mod parser;
pub mod tree;

pub use parser::{Parse, SyntaxError, errors, parse};
pub use tree::{SyntaxKind, SyntaxNode, SyntaxToken};

impl Parse {
    /// The root node of the tree.
    pub fn syntax(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }
}

#[cfg(test)]
mod tests;
