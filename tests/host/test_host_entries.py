# SPDX-License-Identifier: MIT
"""The bundle's host script picks the generated entry that serves each
config, and refuses a config that no entry serves (never the first one)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "resources", "python"))
import tileport_host  # noqa: E402


class EntryForConfig(unittest.TestCase):
    entry = {"entry": "k__use_dot", "alternatives": [{"entry": "k__not_use_dot"}]}

    def test_named_entry(self):
        bundle = {"config_entries": {"c1": "k__not_use_dot"}}
        got = tileport_host.entry_for_config(self.entry, bundle, {"name": "c1"})
        self.assertEqual(got["entry"], "k__not_use_dot")

    def test_unserved_config_is_refused(self):
        bundle = {"config_entries": {"c1": "k__use_dot"}}
        with self.assertRaises(tileport_host.ConfigError) as e:
            tileport_host.entry_for_config(self.entry, bundle, {"name": "c2"})
        self.assertEqual(e.exception.owner, "kernel")
        self.assertIn("c2", str(e.exception))

    def test_bundle_without_a_map_has_one_entry(self):
        got = tileport_host.entry_for_config(self.entry, {}, {"name": "c1"})
        self.assertEqual(got["entry"], "k__use_dot")


if __name__ == "__main__":
    unittest.main()
