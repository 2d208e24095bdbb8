# SPDX-License-Identifier: MIT
# lit configuration for the Tile IR canonical-form and diff tests: every
# *.mlir file here runs its RUN lines with the tileport CLI, FileCheck and
# not on the PATH.
import os

import lit.formats

config.name = "TilePort-IrDiff"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = getattr(config, "ir_diff_lit_binary_dir", config.test_source_root)

path = [config.tileport_cli_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))]
config.environment["PATH"] = os.pathsep.join(path)
