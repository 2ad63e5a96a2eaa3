//! Links the census24 program as a position-dependent executable: its
//! 125,000 relative relocations (polars' tables of pointers) are then
//! resolved when it is linked instead of each time it starts, which took
//! over half of the start-up of a one-hand solve. Library code is still
//! compiled position-independent; only the program's final link changes.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
