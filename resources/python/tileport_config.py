# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""The one reader of a kernel's TilePort config file (KERNEL.tileport.json)
for the Python host scripts (tileport_host.py in a bundle, tileport_triton.py
on the CPU): each config comes back with its kernel resolved (its own
"kernel", else the file's), and a file that cannot serve is one
ConfigFileError naming the file and what is wrong, never a KeyError later.
The schema is docs/configs-schema.json; the C++ side reads the same file
with KernelConfigFile.
"""
import json


class ConfigFileError(ValueError):
    """The config file cannot be used; the message names the file."""


class ConfigFile:
    def __init__(self, path, kernel, bytecode_versions, configs):
        self.path = path
        self.kernel = kernel
        self.bytecode_versions = bytecode_versions
        self.configs = configs

    def of_kernel(self, kernel):
        """The configs of one kernel, in file order."""
        return [c for c in self.configs if c["kernel"] == kernel]


def load(path):
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise ConfigFileError(f"{path}: {e.strerror or e}") from None
    try:
        doc = json.loads(text)
    except ValueError as e:
        line = getattr(e, "lineno", 0)
        col = getattr(e, "colno", 0)
        raise ConfigFileError(f"{path}:{line}:{col}: {getattr(e, 'msg', e)}") from None
    if not isinstance(doc, dict):
        raise ConfigFileError(f"{path}: the top level must be an object")
    listed = doc.get("configs")
    if not isinstance(listed, list) or not listed:
        raise ConfigFileError(f"{path}: needs a non-empty \"configs\" list")
    default_kernel = doc.get("kernel") or ""
    configs = []
    for i, c in enumerate(listed):
        if not isinstance(c, dict) or not c.get("name"):
            raise ConfigFileError(f"{path}: config {i + 1} has no \"name\"")
        if not isinstance(c.get("params"), list):
            raise ConfigFileError(f"{path}: config '{c['name']}' has no \"params\" list")
        resolved = dict(c)
        resolved["kernel"] = c.get("kernel") or default_kernel
        if not resolved["kernel"]:
            raise ConfigFileError(f"{path}: config '{c['name']}' names no kernel (top-level or per-config \"kernel\")")
        configs.append(resolved)
    versions = doc.get("bytecode_versions") or ["13.3"]
    return ConfigFile(path, default_kernel, versions, configs)
