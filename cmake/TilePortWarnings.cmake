# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
# Warning flags for our own targets only; third-party headers come in as
# SYSTEM includes so they do not break the -Wall -Wextra clean build.
function(tileport_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
endfunction()
