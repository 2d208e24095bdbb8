# SPDX-License-Identifier: MIT
# lit configuration for the translator tests: *.py kernels run through
# `tileport translate --emit kir|rust`, *.mlir files through tileport-kir-opt;
# FileCheck and not come from LLVM.
import os

import lit.formats

config.name = "TilePort-Translate"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".py", ".mlir"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = getattr(config, "translate_lit_binary_dir", config.test_source_root)

path = [config.tileport_cli_dir, config.kir_opt_dir, config.llvm_tools_dir,
        config.environment.get("PATH", os.environ.get("PATH", ""))]
config.environment["PATH"] = os.pathsep.join(path)
