# SPDX-License-Identifier: MIT
# Constants imported from the project's own modules are module constants:
# an absolute import found above the kernel file, a relative one, an alias,
# and a constant the imported module itself imports (2 * BASE).
# RUN: tileport translate --emit kir %s | FileCheck %s
import cuda.tile as ct
from Inputs.tiles_config import TM
from .Inputs.tiles_config import TN as WIDTH


@ct.kernel
def copy_block(x, out):
    t = ct.load(x, index=(ct.bid(0), 0), shape=(TM, WIDTH))
    ct.store(out, index=(ct.bid(0), 0), tile=t)

# CHECK: kir.load {{.*}} -> !kir.tile<[16, 64], !kir.var<{{[0-9]+}}>>
