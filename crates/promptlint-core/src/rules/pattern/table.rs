include!(concat!(env!("OUT_DIR"), "/literals.rs"));
