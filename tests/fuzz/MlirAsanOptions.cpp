// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 TilePort contributors
// AddressSanitizer options of the targets that run MLIR. libMLIR is not
// instrumented, but LLVM's BumpPtrAllocator inlined into our instrumented
// code poisons a whole new slab, and the library's own copy of the
// allocator then hands out parts of it without unpoisoning them: every use
// of such a type or attribute would be reported. Manual poisoning is off;
// heap, stack and global checks stay.
extern "C" const char *__asan_default_options()
{
    return "allow_user_poisoning=0";
}
