// The README's embedding example (README.md, "Embedding"), compiled and run against this crate
// as an embedder depends on it. `tests/docs.rs` at the repository root checks that the README
// shows examples/embed.rs verbatim.
include!("../examples/embed.rs");

#[test]
fn the_readme_embedding_example_runs() {
    if let Err(e) = main() {
        panic!("the README's embedding example failed: {e}");
    }
}
