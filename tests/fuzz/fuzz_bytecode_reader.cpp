// SPDX-License-Identifier: MIT
// libFuzzer entry point: any byte string must decode to a module or to an
// error whose offset lies inside the input; a decoded module must dump.
#include "tileport/TileIR/Bytecode/Dump.h"
#include "tileport/TileIR/Bytecode/Reader.h"

#include <cstdint>
#include <cstdlib>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace tileport::tileir::bc;
    const ReadResult r = readModule(std::span<const uint8_t>(data, size));
    if (!r.ok()) {
        if (r.error.offset > size || r.error.message.empty())
            std::abort();
        return 0;
    }
    const std::string text = dump(*r.module, DumpOptions{true, true});
    if (text.empty())
        std::abort();
    return 0;
}
