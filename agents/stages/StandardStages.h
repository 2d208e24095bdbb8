// SPDX-License-Identifier: MIT
#pragma once

namespace tileport {

class Orchestrator;

// Registers every stage this build implements, for the CLI and the IDE alike.
void addStandardStages(Orchestrator &orchestrator);

} // namespace tileport
