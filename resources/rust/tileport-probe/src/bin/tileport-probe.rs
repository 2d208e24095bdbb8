// SPDX-License-Identifier: MIT
//! Usage: tileport-probe OUT_DIR [TARGET] [TILE] [BYTECODE_VERSION]
//! Writes smoke_vadd.mlir (Tile IR text) and smoke_vadd.tileirbc (bytecode).
use cutile::compile_api::KernelCompiler;
use cutile_ir::bytecode::BytecodeVersion;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 2 || args.len() > 5 {
        eprintln!("usage: tileport-probe OUT_DIR [TARGET] [TILE] [BYTECODE_VERSION]");
        return ExitCode::from(2);
    }
    let out = std::path::PathBuf::from(&args[1]);
    let target = args.get(2).cloned().unwrap_or_else(|| "sm_90".into());
    let tile = args.get(3).cloned().unwrap_or_else(|| "128".into());
    // An explicit version keeps bytecode() from probing for tileiras.
    let requested = args.get(4).cloned().unwrap_or_else(|| "13.3".into());
    let version = match BytecodeVersion::SUPPORTED.iter().find(|s| s.to_string() == requested) {
        Some(s) => *s,
        None => {
            eprintln!("tileport-probe: bytecode version {requested} is not one of {:?}",
                BytecodeVersion::SUPPORTED.iter().map(|s| s.to_string()).collect::<Vec<_>>());
            return ExitCode::from(2);
        }
    };
    // The compiler recurses deeply on larger kernels; give it a big stack.
    let worker = std::thread::Builder::new().stack_size(32 << 20).spawn(move || -> Result<(), String> {
        let compiler = KernelCompiler::new(tileport_probe::smoke::__module_ast_self, "smoke", "smoke_vadd")
            .generics(vec![tile])
            .strides(&[("out", &[1]), ("a", &[1]), ("b", &[1])])
            .target(&target)
            .bytecode_version(version);
        let artifacts = compiler
            .compile()
            .map_err(|e| format!("compile: {e}"))?;
        let bytes = artifacts.bytecode().map_err(|e| format!("bytecode: {e}"))?;
        std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        std::fs::write(out.join("smoke_vadd.mlir"), artifacts.ir_text()).map_err(|e| e.to_string())?;
        std::fs::write(out.join("smoke_vadd.tileirbc"), bytes).map_err(|e| e.to_string())?;
        Ok(())
    });
    match worker.map(|h| h.join()) {
        Ok(Ok(Ok(()))) => ExitCode::SUCCESS,
        Ok(Ok(Err(e))) => {
            eprintln!("tileport-probe: {e}");
            ExitCode::from(1)
        }
        _ => {
            eprintln!("tileport-probe: the compiler thread panicked");
            ExitCode::from(1)
        }
    }
}
