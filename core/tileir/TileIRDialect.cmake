# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
# The cuda_tile MLIR dialect inside tileport_tileir: ODS (.td) files and
# headers in include/tileport/TileIR/, implementation in lib/, and the
# tileport-opt driver that the lit tests (tests/lit/tileir) run.
# Included from core/tileir/CMakeLists.txt after tileport_tileir is defined.
list(APPEND CMAKE_MODULE_PATH ${MLIR_CMAKE_DIR} ${LLVM_CMAKE_DIR})
include(TableGen)
include(AddLLVM)
include(AddMLIR)
# MLIRConfig names mlir-tblgen without a path; use the one of this MLIR.
find_program(TILEPORT_MLIR_TBLGEN mlir-tblgen HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH REQUIRED)
set(MLIR_TABLEGEN_EXE ${TILEPORT_MLIR_TBLGEN})

add_subdirectory(include/tileport/TileIR)

target_sources(tileport_tileir PRIVATE
  lib/TileIRDialect.cpp lib/TileIRTypes.cpp lib/ViewTypes.cpp lib/TileIRAttrs.cpp
  lib/CustomDirectives.cpp lib/DenseConstantSyntax.cpp
  lib/TileIROps.cpp lib/OpsAsmNames.cpp lib/OpsModule.cpp lib/OpsControlFlow.cpp lib/OpsViews.cpp
  lib/OpsViewAccess.cpp lib/OpsMemory.cpp lib/OpsArith.cpp lib/OpsTile.cpp)
add_dependencies(tileport_tileir TileportTileIRIncGen)
# Generated .inc files live in the build tree.
target_include_directories(tileport_tileir PUBLIC ${CMAKE_CURRENT_BINARY_DIR}/include)

add_subdirectory(tools/tileport-opt)
