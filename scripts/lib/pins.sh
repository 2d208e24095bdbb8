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
    # scripts/clean-root (tst_install) debootstraps a clean root from in here
    debootstrap
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

# The hand-off tools (docs/handoff.md), hash-pinned wheels kept in
# toolchains/wheelhouse and installed from there into toolchains/handoff-venv:
# setuptools builds the wheel `tileport package` makes (its bdist_wheel is
# built in from 70.1), and pytest collects a TileGym checkout's tests after
# `tileport export`. numpy stays in the wheelhouse only: the wheel's test
# installs it beside the package into a fresh venv, with no index. CPython 3.11.
TILEPORT_HANDOFF_REQUIREMENTS='setuptools==80.9.0 \
    --hash=sha256:062d34222ad13e0cc312a4c02d73f059e86a4acbfbdea8f8f76b28c99f306922
pytest==8.4.2 \
    --hash=sha256:872f880de3fc3a5bdc88a11b39c9710c3497a547cfa9320bc3c5e62fbf272e79
iniconfig==2.3.1 \
    --hash=sha256:9121e2c1fdb355232495be3194c8dfe87ccc2d5dee45947b78e68f499790d7a7
packaging==26.4 \
    --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
pluggy==1.7.0 \
    --hash=sha256:7dd7b0d8832ba3cb632c306926ded123429211b83641b35dc5c41ad2d34f9bec
pygments==2.21.0 \
    --hash=sha256:2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9
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

# Rust toolchain and the cutile crate (see docs/toolchains.md): generated
# crates target 0.5.0 unless `--cutile 0.4` asks for the older release; each
# version has a probe crate (resources/rust/tileport-probe, -0.4) whose lock
# pins its companions, and setup caches and builds both.
TILEPORT_RUST_MIN=1.89
TILEPORT_CUTILE_VERSION=0.5.0
TILEPORT_CUTILE_VERSIONS=(0.5.0 0.4.0)

# Machine code on the CPU (docs/sass.md): tileiras compiles Tile IR bytecode
# to a cubin and runs the libnvvm and ptxas installed beside it; cuobjdump
# prints its SASS and resource usage (one run for both), and for the SASS it
# runs nvdisasm, which it looks for on PATH. tileiras 13.4.92 accepts Tile IR
# bytecode 13.1-13.4, the newest that cuda-tile 1.7.0 exports (its [tileiras]
# extra accepts >=13.2,<13.5); the other tools are the same 13.4.92 release.
# Both cutile versions ask this assembler which bytecode versions it takes.
# Installed with --require-hashes into toolchains/sass (x86_64 and aarch64
# wheels); TILEPORT_NO_SASS=1 skips them (about 165 MB to download).
TILEPORT_TILEIRAS_VERSION=13.4.92
TILEPORT_SASS_REQUIREMENTS='nvidia-cuda-tileiras==13.4.92 \
    --hash=sha256:c7ff33b56466f27258fdb6404d654686a391854dc922ff2d2aedac56dde35624 \
    --hash=sha256:8bfd73880ffebb195d6ada5ca39056279819142ce0cbeafc33ac206484cf6381
nvidia-nvvm==13.4.92 \
    --hash=sha256:e4c81cb321dd9743bcf871c5e7e8fecd7f05dea607944426e102bdda8d49e137 \
    --hash=sha256:6b70f49442461c1b1033e599ff021676ea3d20840be1e7f92e1d6560daf08637
nvidia-cuda-nvcc==13.4.92 \
    --hash=sha256:a1f3bfb27299e060b444d5df1f4bcd762501326cf0fd3141ed61756816ab9a0e \
    --hash=sha256:d6fc9f720c3b73b9e526f4c759dbc6581e1a300ba2c8191e3f0ed91c848a92c8
nvidia-cuda-cuobjdump==13.4.92 \
    --hash=sha256:fb72ca80d0cdd8f5e8e232ce17d3c5aa2a37c3153bb8ef4e010010ed4fdef6c5 \
    --hash=sha256:ed9ffbe59069e7ff94631ab4e279e5af7ee88ddafdf4c23f4a94d187f1470f03
nvidia-cuda-nvdisasm==13.4.92 \
    --hash=sha256:f35a5b6ddb64b6758c22c0b078c5b6ff6d54f7c240cd74bf131ab5bf13b6c3fe \
    --hash=sha256:b007c08c8248b29281ed9a174b478d557b58ea8a921ab78369a2843f0718f77d'

# The front-end fuzz targets' seeds beyond our own kernels (docs/fuzzing.md):
# public kernel libraries published as pure-Python wheels, downloaded with
# --require-hashes into build-fuzz/kernels and read only for their .py files
# (cuTile Python: TileGym; Triton: Liger, flash-linear-attention). Nothing
# from them enters the repository.
TILEPORT_FUZZ_KERNEL_REQUIREMENTS='tilegym==1.5.1 \
    --hash=sha256:18b1c1124884c6e1eac6768591a23b7311b472bcec438b4b80a8913d5266223e
liger-kernel==0.6.4 \
    --hash=sha256:77b041f97cca2afaaef3b71f2e4d2978bf12b75c75f1de64ca557acfc4e3dc55
flash-linear-attention==0.6.0 \
    --hash=sha256:6dec9735f8454523c13553622e98aff30152dde6586b4ac7d88010fbb7a06b5f'
