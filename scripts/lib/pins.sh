# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
# Pinned versions and checksums of everything setup downloads.

# Debian 13 packages for the build root (or a native install).
TILEPORT_PACKAGES=(
    g++ cmake ninja-build pkg-config git file ca-certificates python3
    qt6-base-dev qt6-charts-dev qt6-qpa-plugins libkf6syntaxhighlighting-dev
    qtkeychain-qt6-dev libcurl4-openssl-dev libtree-sitter-dev
    llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
    clang-22 libclang-22-dev libclang-rt-22-dev
    xvfb xauth fonts-dejavu-core
    openssh-client openssh-server ccache
    munge slurmctld slurmd slurm-client
)
TILEPORT_DEBIAN_MIRROR=${TILEPORT_DEBIAN_MIRROR:-http://deb.debian.org/debian}
TILEPORT_DEBIAN_SECURITY=${TILEPORT_DEBIAN_SECURITY:-http://deb.debian.org/debian-security}
TILEPORT_LIBCLANG_DIR=/usr/lib/llvm-22/lib

TILEPORT_NPM_REGISTRY=${TILEPORT_NPM_REGISTRY:-https://registry.npmjs.org}

# tree-sitter grammars from the npm registry (ABI 14, accepted by the
# Debian 13 runtime 0.22).
TILEPORT_GRAMMARS=(
    "tree-sitter-python 0.23.6 aab5b860d93dbf84b37fed532f7dacc0468ede5387d0c74911d68f964287662a"
    "tree-sitter-rust 0.23.3 5c1d96a9628875c7ba122da1a3aa0bf62b547b5a720673fa318336de27506c66"
)

# Python toolchain (the reference compiler; numpy because kernels name
# dtypes and constants through it: `.astype(np.int32)`, `np.inf`).
TILEPORT_PY_PACKAGES=(cuda-tile==1.7.0 numpy==2.4.6)
TILEPORT_PY_MIN=3.10

# Triton with numpy in a venv of its own (the CPU reference of Triton
# sources runs its interpreter, TRITON_INTERPRET=1); x86_64 Linux wheels for
# CPython 3.11 to 3.13, installed with --require-hashes. TILEPORT_NO_TRITON=1
# skips it (about 290 MB to download, 1.1 GB installed).
TILEPORT_TRITON_PY_MIN=3.11
TILEPORT_TRITON_REQUIREMENTS='triton==3.9.0 \
    --hash=sha256:1622118a038b0c6e16fa4a0305da62c8b3c15904ee1cc4d4e65846a25969e41e \
    --hash=sha256:5e52ab4e2f1d64f0ac494c9aa723697b793f81a91c4cae4c36608ca0bc4267bf
numpy==2.4.6 \
    --hash=sha256:89cd468399cfd2504718f0ba50e410dca55a170b61a02ad92bb18c8a65186e93 \
    --hash=sha256:90f9849678c75fe7afa2d348ac842c168b0a4d3d61919687216dfc547976d853 \
    --hash=sha256:a7830bab239b79cda9c08c2da014761cafb48da6150e1da17ac06283f43b6089'

# CUDA 13.3 headers from NVIDIA's wheels, used when no toolkit is installed.
TILEPORT_CUDA_VERSION=13.3
TILEPORT_CUDA_WHEELS=(
    nvidia-cuda-runtime==13.3.29
    nvidia-cuda-crt==13.3.73
    nvidia-curand==10.4.3.29
    nvidia-cuda-cccl==13.3.5.0.6
)

# Rust toolchain and the cutile crate (see docs/toolchains.md).
TILEPORT_RUST_MIN=1.89
TILEPORT_CUTILE_VERSION=0.4.0

# Machine code on the CPU (docs/sass.md): tileiras compiles Tile IR bytecode
# to a cubin and runs the libnvvm and ptxas installed beside it; cuobjdump
# prints its SASS and resource usage (one run for both), and for the SASS it
# runs nvdisasm, which it looks for on PATH. tileiras 13.3.36 is the
# only 13.3 build PyPI serves (cuda-tile 1.7.0's [tileiras] extra accepts
# >=13.2,<13.5); the others are the 13.3.73 release of the same toolkit.
# Installed with --require-hashes into toolchains/sass (x86_64 and aarch64
# wheels); TILEPORT_NO_SASS=1 skips them (about 155 MB to download).
TILEPORT_TILEIRAS_VERSION=13.3.36
TILEPORT_SASS_REQUIREMENTS='nvidia-cuda-tileiras==13.3.36 \
    --hash=sha256:9221618a3f6422efcb9ae38225d1db7bf0f4ca211f8fdc98a3cd6a81a8f00eca \
    --hash=sha256:91510f8f9b4f4b3f3a365c43218b62873b5ae1474db6b32eb3ece7f0934496af
nvidia-nvvm==13.3.73 \
    --hash=sha256:0e28e0858a3475e11ac67d35301cd5bf82666a1c0dc4ec4e80ceaf3a5fd1dea8 \
    --hash=sha256:e2bcdd5783b5481445f1f0e7170cb836cc0d72999839ba850bbba6dc97b76bb8
nvidia-cuda-nvcc==13.3.73 \
    --hash=sha256:f483af83166c4fa356a21606076d553b0b4ceaebbd9912e537545080db695bdd \
    --hash=sha256:70f250825355d2c3aa6c7a972a0ec00f020bad66d2679e527eb4336301c904aa
nvidia-cuda-cuobjdump==13.3.73 \
    --hash=sha256:8e87d17597fccb71e6bffe0718b7ff6847b9b7923744b789e282bd761eb91654 \
    --hash=sha256:96e520be38bcd9cd27563dcc0a4b3082fcc6f1c03e341115776cc68036385071
nvidia-cuda-nvdisasm==13.3.73 \
    --hash=sha256:fa17084b07c0dca68a42892f771b4b1b40fbe9b91660209623e61cea611cae8c \
    --hash=sha256:dd4751884f9016b9b6dbf007abdeb5681d0a2edc731dd3d2fda9d6d878e88f73'
