// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
//! Usage: tileport-probe OUT_DIR [TARGET] [TILE] [BYTECODE_VERSION] [KERNEL]
//! Writes KERNEL.mlir (Tile IR text) and KERNEL.tileirbc (bytecode). KERNEL is
//! smoke_vadd (the default; TILE = its block size) or smoke_row_sum (16 rows
//! of TILE columns).
use cutile::compile_api::KernelCompiler;
use cutile_ir::bytecode::BytecodeVersion;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 2 || args.len() > 6 {
        eprintln!("usage: tileport-probe OUT_DIR [TARGET] [TILE] [BYTECODE_VERSION] [KERNEL]");
        return ExitCode::from(2);
    }
    let out = std::path::PathBuf::from(&args[1]);
    let target = args.get(2).cloned().unwrap_or_else(|| "sm_90".into());
    let tile = args.get(3).cloned().unwrap_or_else(|| "128".into());
    // An explicit version keeps bytecode() from probing for tileiras.
    let requested = args.get(4).cloned().unwrap_or_else(|| "13.3".into());
    let kernel = args.get(5).cloned().unwrap_or_else(|| "smoke_vadd".into());
    let tile_n: i32 = match tile.parse() {
        Ok(n) => n,
        Err(_) => {
            eprintln!("tileport-probe: TILE must be an integer, got {tile}");
            return ExitCode::from(2);
        }
    };
    let (generics, strides): (Vec<String>, Vec<(&str, Vec<i32>)>) = match kernel.as_str() {
        "smoke_vadd" => (vec![tile.clone()], vec![("out", vec![1]), ("a", vec![1]), ("b", vec![1])]),
        "smoke_row_sum" => (vec!["16".into(), tile.clone()], vec![("out", vec![1]), ("x", vec![tile_n, 1])]),
        other => {
            eprintln!("tileport-probe: unknown kernel {other} (smoke_vadd or smoke_row_sum)");
            return ExitCode::from(2);
        }
    };
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
        let stride_refs: Vec<(&str, &[i32])> = strides.iter().map(|(n, s)| (*n, s.as_slice())).collect();
        let compiler = KernelCompiler::new(tileport_probe::smoke::__module_ast_self, "smoke", &kernel)
            .generics(generics)
            .strides(&stride_refs)
            .target(&target)
            .bytecode_version(version);
        let artifacts = compiler
            .compile()
            .map_err(|e| format!("compile: {e}"))?;
        let bytes = artifacts.bytecode().map_err(|e| format!("bytecode: {e}"))?;
        std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        std::fs::write(out.join(format!("{kernel}.mlir")), artifacts.ir_text()).map_err(|e| e.to_string())?;
        std::fs::write(out.join(format!("{kernel}.tileirbc")), bytes).map_err(|e| e.to_string())?;
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
