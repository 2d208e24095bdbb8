# SPDX-License-Identifier: MIT
"""The launch capture (resources/python/capture_configs.py), run as a child
process on the fixture project and the bundled examples with the cuda-tile
venv's interpreter, exactly as `tileport configs` runs it."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

SRC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(SRC, "resources", "python", "capture_configs.py")
EXPORT = os.path.join(SRC, "resources", "python", "export_tileir.py")
KIT = os.path.join(SRC, "tests", "fixtures", "capture", "tilekit")
OPS = os.path.join(KIT, "src", "tilekit", "ops", "cutile")
ALONE = os.path.join(SRC, "tests", "fixtures", "capture", "standalone")


def capture(*args):
    p = subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=120)
    out = json.loads(p.stdout) if p.stdout.strip() else None
    return p.returncode, out, p.stderr


def by_name(sidecar):
    return {c["name"]: c for c in sidecar["configs"]}


class FixtureProject(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.rc, cls.sc, cls.err = capture(os.path.join(OPS, "scale_rows.py"))

    def test_finds_its_tests_and_benchmarks(self):
        self.assertEqual(self.rc, 0, self.err)
        tests = [os.path.relpath(t, KIT) for t in self.sc["captured"]["tests"]]
        self.assertEqual(tests, ["tests/benchmark/bench_scale_rows.py", "tests/ops/test_scale_rows.py"])
        self.assertFalse(self.sc["captured"]["partial"])

    def test_crossed_parametrize_reaches_both_kernels(self):
        kernels = {c["kernel"] for c in self.sc["configs"]}
        self.assertEqual(kernels, {"_scale_rows_kernel", "_scale_rows_persistent_kernel"})
        cfg = by_name(self.sc)["scale_rows_kernel__f16_128x1000"]
        x, y, s, tile = cfg["params"]
        self.assertEqual(x, {"name": "x", "kind": "array", "dtype": "float16", "ndim": 2, "shape": [128, 1000],
                             "strides": [1000, 1], "alignment": 256})
        self.assertEqual(s, {"name": "s", "kind": "scalar", "dtype": "float32", "value": 2.0})
        self.assertEqual(tile, {"name": "TILE_N", "kind": "const", "value": 1024})
        self.assertEqual(cfg["grid"], [128, 1, 1])
        # the comparison helper's atol/rtol, on the stack while the op launched
        self.assertEqual(cfg["tolerance"], {"atol": 1e-5, "rtol": 1e-5})
        self.assertEqual(cfg["sources"], ["tests/ops/test_scale_rows.py::Test_ScaleRows::test_op[tile-128-1000-"
                                          "torch.float16]"])

    def test_grid_from_the_target_profile(self):
        # min(132 SMs * 2, 4096 rows): the H200 profile answers the device query
        cfg = by_name(self.sc)["scale_rows_persistent_kernel__bf16_4096x2048"]
        self.assertEqual(cfg["grid"], [264, 1, 1])
        self.assertEqual(cfg["hints"], {"occupancy": 2})
        self.assertNotIn("tolerance", cfg)  # a benchmark compares nothing
        self.assertEqual(cfg["sources"], ["tests/benchmark/bench_scale_rows.py::bench_scale_rows"
                                          "[M=4096-dtype=bfloat16-N=2048-provider=cutile]"])

    def test_identical_launches_merge(self):
        # test_strided_view launches contiguous copies of the same shape twice
        cfg = by_name(self.sc)["scale_rows_kernel__bf16_32x512"]
        self.assertEqual(cfg["sources"], ["tests/ops/test_scale_rows.py::Test_ScaleRows::test_strided_view[512]"])
        self.assertEqual(len(self.sc["configs"]), len({json.dumps(c["params"]) for c in self.sc["configs"]}))

    def test_data_dependent_test_is_reported_where_it_stops(self):
        d = [d for d in self.sc["captured"]["diagnostics"] if "item()" in d["message"]]
        self.assertEqual(len(d), 1)
        self.assertEqual(os.path.basename(d[0]["file"]), "test_scale_rows.py")
        self.assertEqual(d[0]["line"], 40)
        self.assertEqual(d[0]["severity"], "warning")
        self.assertIn("stopped before any launch: Tensor.item()", d[0]["message"])

    def test_autotuned_candidates_are_configs(self):
        rc, sc, err = capture(os.path.join(OPS, "blocked_sum.py"))
        self.assertEqual(rc, 0, err)
        cands = sorted((c["params"][2]["value"], c["params"][3]["value"], c["tuned_launch"]["candidate"])
                       for c in sc["configs"])
        self.assertEqual(cands, [(32, 64, 0), (32, 128, 1), (64, 64, 2), (64, 128, 3)])
        self.assertTrue(all(c["tuned_launch"]["of"] == 4 for c in sc["configs"]))
        self.assertTrue(all(c["tuned_launch"]["site"] == "blocked_sum.py:32" for c in sc["configs"]))
        # the launch of the search's winner is one of the candidates' configs
        first = [c for c in sc["configs"] if c["tuned_launch"]["candidate"] == 0][0]
        self.assertEqual(len(first["sources"]), 1)


class Calls(unittest.TestCase):
    def test_call_with_strided_tensor(self):
        rc, sc, err = capture(os.path.join(OPS, "scale_rows.py"), "--no-discover", "--call",
                              "_launch(tensor((32, 512), bfloat16, strides=(1024, 1), offset=8),"
                              " tensor((32, 512), bfloat16), 0.5, False)")
        self.assertEqual(rc, 0, err)
        [cfg] = sc["configs"]
        self.assertEqual(cfg["params"][0]["strides"], [1024, 1])
        self.assertEqual(cfg["params"][0]["alignment"], 16)  # 8 bf16 elements past a 512-byte base
        self.assertEqual(cfg["params"][2], {"name": "s", "kind": "scalar", "dtype": "float32", "value": 0.5})

    def test_example_host_function(self):
        rc, sc, err = capture(os.path.join(SRC, "examples", "cutile", "softmax.py"), "--call",
                              "launch(torch.cuda.current_stream(), tensor((256, 32768), bfloat16),"
                              " tensor((256, 32768), bfloat16))")
        self.assertEqual(rc, 0, err)
        [cfg] = sc["configs"]
        self.assertEqual(cfg["kernel"], "softmax_chunked")
        self.assertEqual(cfg["params"][2]["value"], 1024)

    def test_failing_call_makes_the_capture_partial(self):
        rc, sc, err = capture(os.path.join(OPS, "scale_rows.py"), "--no-discover", "--call",
                              "scale_rows(tensor((8,)))")
        self.assertEqual(rc, 3)
        self.assertTrue(sc["captured"]["partial"])
        [d] = [d for d in sc["captured"]["diagnostics"] if d["severity"] == "error"]
        self.assertEqual((os.path.basename(d["file"]), d["line"]), ("scale_rows.py", 27))
        self.assertIn("not enough values to unpack", d["message"])


class Refusals(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="tileport-capture-test-")
        shutil.copytree(KIT, os.path.join(self.tmp, "kit"))
        self.kit = os.path.join(self.tmp, "kit")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def write(self, rel, text):
        path = os.path.join(self.kit, rel)
        with open(path, "w") as f:
            f.write(textwrap.dedent(text))
        return path

    def test_unmodelled_torch_api_names_the_piece_and_the_line(self):
        self.write("tests/ops/test_scale_rows.py", """\
            import torch
            import tilekit


            def test_fft():
                x = torch.fft.rfft(torch.rand(64, 64, device="cuda"))
                tilekit.ops.scale_rows(x)
            """)
        rc, sc, err = capture(os.path.join(self.kit, "src/tilekit/ops/cutile/scale_rows.py"))
        self.assertEqual(rc, 0, err)
        [d] = [d for d in sc["captured"]["diagnostics"] if "fft" in d["message"]]
        self.assertEqual(d["line"], 6)
        self.assertIn("torch.fft.rfft is not modelled by the stand-in", d["message"])

    def test_monkeypatch_is_undone_after_its_case(self):
        # The host picks its kernel from an environment variable that one
        # case sets through monkeypatch; the case after it must see it unset.
        with open(os.path.join(OPS, "scale_rows.py")) as f:
            host = f.read()
        path = self.write("src/tilekit/ops/cutile/scale_rows.py",
                          host.replace(
                              "def scale_rows(x, s=2.0, persistent=False):",
                              "def scale_rows(x, s=2.0, persistent=None):\n"
                              "    import os\n"
                              "    if persistent is None:\n"
                              "        persistent = os.environ.get('TILEKIT_PERSISTENT') == '1'"))
        self.write("tests/ops/test_scale_rows.py", """\
            import torch
            import tilekit


            def test_a_persistent(monkeypatch):
                monkeypatch.setenv("TILEKIT_PERSISTENT", "1")
                tilekit.ops.scale_rows(torch.rand(4096, 512, device="cuda"))


            def test_b_plain():
                tilekit.ops.scale_rows(torch.rand(64, 512, device="cuda"))
            """)
        rc, sc, err = capture(path)
        self.assertEqual(rc, 0, err)
        kernels = {src.split("::")[-1]: c["kernel"] for c in sc["configs"] for src in c["sources"]
                   if src.startswith("tests/ops/")}
        self.assertEqual(kernels, {"test_a_persistent": "_scale_rows_persistent_kernel",
                                   "test_b_plain": "_scale_rows_kernel"})

    def test_test_file_that_cannot_load_is_an_error_and_the_rest_is_kept(self):
        self.write("tests/ops/test_scale_rows.py", "import torch\ndef test_x(:\n")
        rc, sc, err = capture(os.path.join(self.kit, "src/tilekit/ops/cutile/scale_rows.py"))
        self.assertEqual(rc, 3)
        self.assertTrue(sc["captured"]["partial"])
        errors = [d for d in sc["captured"]["diagnostics"] if d["severity"] == "error"]
        self.assertEqual(len(errors), 1)
        self.assertEqual((os.path.basename(errors[0]["file"]), errors[0]["line"]), ("test_scale_rows.py", 2))
        self.assertIn("could not be loaded", errors[0]["message"])
        # the benchmark still ran
        self.assertTrue(any("bench_scale_rows" in s for c in sc["configs"] for s in c["sources"]))

    def test_hanging_test_is_stopped(self):
        self.write("tests/ops/test_scale_rows.py", """\
            import torch
            import tilekit


            def test_spins():
                while True:
                    pass


            def test_after():
                tilekit.ops.scale_rows(torch.rand(8, 8, device="cuda"))
            """)
        rc, sc, err = capture(os.path.join(self.kit, "src/tilekit/ops/cutile/scale_rows.py"))
        self.assertEqual(rc, 0, err)
        self.assertTrue(any("was stopped" in d["message"] for d in sc["captured"]["diagnostics"]))
        self.assertTrue(any(c["params"][0]["shape"] == [8, 8] for c in sc["configs"]))

    def test_kernel_file_that_cannot_import(self):
        path = self.write("src/tilekit/ops/cutile/scale_rows.py", "import cuda.tile as ct\nraise RuntimeError('no')\n")
        rc, sc, err = capture(path)
        self.assertEqual(rc, 4)
        self.assertIn("scale_rows.py:2: importing the kernel file raised RuntimeError: no", err)

    def test_list_argument_is_recorded_with_its_items(self):
        path = self.write("src/tilekit/ops/cutile/listy.py", """\
            import cuda.tile as ct
            import torch


            @ct.kernel
            def _listy_kernel(xs, TILE: ct.Constant[int]):
                pass


            def run(xs):
                ct.launch(torch.cuda.current_stream(), (1, 1, 1), _listy_kernel, (xs, 16))
            """)
        rc, sc, err = capture(path, "--no-discover", "--call", "run([tensor((4, 4)), tensor((8, 4))])",
                              "--call", "run([1, 2])")
        self.assertEqual(rc, 0, err)
        [cfg] = sc["configs"]
        xs = cfg["params"][0]
        self.assertEqual((xs["kind"], xs["dtype"], xs["ndim"]), ("list", "float32", 2))
        self.assertEqual([(i["shape"], i["strides"]) for i in xs["items"]], [([4, 4], [4, 1]), ([8, 4], [4, 1])])
        msgs = [d["message"] for d in sc["captured"]["diagnostics"]]
        self.assertIn("launch not captured: parameter 'xs': list item 0 is a int, not an array", msgs)

    def test_usage(self):
        rc, _, err = capture("--bogus")
        self.assertEqual(rc, 2)
        self.assertIn("unknown option --bogus", err)


def configs_of(sidecar):
    """{config name: its first source} of a sidecar."""
    return {c["name"]: c["sources"][0] for c in sidecar["configs"]}


def messages(sidecar):
    return [d["message"] for d in sidecar["captured"]["diagnostics"]]


class StandaloneFiles(unittest.TestCase):
    """A kernel file on its own: the configs come from its own entry points."""

    def run_alone(self, rel):
        rc, sc, err = capture(os.path.join(ALONE, rel))
        self.assertIn(rc, (0, 3), err)
        return sc

    def test_main_block_with_argparse_defaults_and_a_size_loop(self):
        sc = self.run_alone("main_block.py")
        # --tile's default (128) reaches the launch; the repeated size merges
        self.assertEqual(configs_of(sc), {"double_kernel__f16_1024": "__main__: main_block.py",
                                          "double_kernel__f16_4096": "__main__: main_block.py"})
        self.assertEqual(sc["configs"][0]["params"][2], {"name": "TILE", "kind": "const", "value": 128})
        self.assertEqual(sc["captured"]["entry_points"], ["__main__: main_block.py"])
        # printing, timing and comparing on stand-ins are no-ops, not failures
        self.assertEqual(sc["captured"]["cases"], {"run": 1, "skipped": 0, "failed": 0})
        self.assertEqual(messages(sc), [])

    def test_main_function(self):
        sc = self.run_alone("main_function.py")
        self.assertEqual(configs_of(sc), {"negate_kernel__f32_64x256": "main(): main_function.py"})

    def test_own_pytest_tests_class_and_benchmark(self):
        sc = self.run_alone("pytest_style.py")
        got = configs_of(sc)
        self.assertEqual(sorted(got), ["add_one_kernel__bf16_1024", "add_one_kernel__f16_2048", "add_one_kernel__f16_512",
                                       "add_one_kernel__f16_8192", "add_one_kernel__f32_2048", "add_one_kernel__f32_512"])
        self.assertTrue(got["add_one_kernel__bf16_1024"].startswith("test: ") and
                        got["add_one_kernel__bf16_1024"].endswith("pytest_style.py::TestAddOne::test_bfloat16"))
        self.assertTrue(got["add_one_kernel__f16_8192"].startswith("bench: "))
        # test_with_values takes values, not fixtures: skipped, not failed
        self.assertEqual(sc["captured"]["cases"], {"run": 6, "skipped": 1, "failed": 0})

    def test_driver_function_nothing_calls(self):
        sc = self.run_alone("driver_function.py")
        self.assertEqual(set(configs_of(sc).values()), {"call: driver_function.py::benchmark()"})
        self.assertEqual(len(sc["configs"]), 2)

    def test_module_level_launch(self):
        sc = self.run_alone("module_level.py")
        self.assertEqual(configs_of(sc), {"halve_kernel__f32_2048": "module: module_level.py"})
        [d] = sc["captured"]["diagnostics"]
        self.assertEqual((d["line"], d["severity"]), (18, "note"))
        self.assertIn("module-level code stopped after its launches: Tensor.item()", d["message"])

    def test_no_entry_point(self):
        sc = self.run_alone("no_entry.py")
        self.assertEqual(sc["configs"], [])
        self.assertEqual(sc["captured"]["entry_points"], [])
        self.assertEqual(messages(sc), ["no captured launch of copy_kernel"])

    def test_missing_module_is_named_once_and_the_capture_goes_on(self):
        sc = self.run_alone("uses_missing.py")
        self.assertEqual(list(configs_of(sc)), ["inc_kernel__f32_1024"])
        missing = [d for d in sc["captured"]["diagnostics"] if "neither installed" in d["message"]]
        self.assertEqual(len(missing), 1)
        self.assertEqual((missing[0]["line"], missing[0]["severity"]), (6, "warning"))
        self.assertIn("'tileport_fixture_absent_module'", missing[0]["message"])
        # the guarded import stayed an ImportError (the block asserts it)
        self.assertFalse(any("optional" in m for m in messages(sc)))

    def test_autograd_backward_reaches_the_functions_backward(self):
        sc = self.run_alone("autograd_function.py")
        got = configs_of(sc)
        self.assertEqual(sorted(got), ["scale_bwd_kernel__f16_32x256", "scale_bwd_kernel__f32_16x512",
                                       "scale_bwd_kernel__f32_4x64", "scale_fwd_kernel__bf16_8x128",
                                       "scale_fwd_kernel__f16_32x256", "scale_fwd_kernel__f32_16x512",
                                       "scale_fwd_kernel__f32_4x64"])
        # a case that stopped on data after its forward still reaches the backward
        self.assertTrue(got["scale_bwd_kernel__f32_4x64"].startswith("autograd: test: "))
        self.assertTrue(got["scale_bwd_kernel__f32_4x64"].endswith("::test_stops_on_data_before_backward"))
        self.assertTrue(got["scale_bwd_kernel__f16_32x256"].endswith("::test_backward_through_loss"))
        self.assertTrue(got["scale_bwd_kernel__f32_16x512"].endswith("::test_autograd_grad"))
        # the gradient handed to backward is dense, shaped like the output
        bwd = [c for c in sc["configs"] if c["name"] == "scale_bwd_kernel__f16_32x256"][0]
        self.assertEqual(bwd["params"][0]["strides"], [256, 1])
        self.assertEqual(sc["captured"]["cases"], {"run": 4, "skipped": 0, "failed": 0})

    def test_device_libraries_and_array_interface(self):
        sc = self.run_alone("device_libs.py")
        cfgs = {c["name"]: c for c in sc["configs"]}
        self.assertEqual(sorted(cfgs), ["axpy_kernel__f16_1000", "axpy_kernel__f32_4096"])
        raw = cfgs["axpy_kernel__f16_1000"]["params"][1]
        self.assertEqual((raw["dtype"], raw["shape"], raw["strides"], raw["alignment"]), ("float16", [1000], [1], 256))
        self.assertEqual(messages(sc), [])

    def test_host_calls_around_the_launch(self):
        # torch.from_numpy, index_select, the profiler, cross_entropy and dot
        sc = self.run_alone("torch_host_calls.py")
        self.assertEqual(configs_of(sc), {"pick_kernel__f16_16x32": "__main__: torch_host_calls.py"})
        self.assertEqual(sc["configs"][0]["params"][0]["strides"], [32, 1])
        self.assertEqual(sc["captured"]["cases"], {"run": 1, "skipped": 0, "failed": 0})
        self.assertEqual(messages(sc), [])

    def test_sibling_module_import(self):
        sc = self.run_alone(os.path.join("sibling", "relu_script.py"))
        self.assertEqual(configs_of(sc), {"relu_kernel__f16_2048": "__main__: relu_script.py"})

    def test_src_layout_package_with_relative_imports(self):
        sc = self.run_alone(os.path.join("project", "src", "tinyops", "kernels", "clamp.py"))
        self.assertEqual(sorted(configs_of(sc)), ["clamp_kernel__f32_1024", "clamp_kernel__f32_3000"])
        self.assertEqual(messages(sc), [])

    def test_project_dir_option(self):
        # a file copied out of its project imports the package from --project
        with tempfile.TemporaryDirectory() as tmp:
            copy = os.path.join(tmp, "clamp_copy.py")
            with open(os.path.join(ALONE, "project", "src", "tinyops", "kernels", "clamp.py")) as f:
                text = f.read().replace("from ..shapes import BLOCK", "from tinyops.shapes import BLOCK")
            with open(copy, "w") as f:
                f.write(text)
            rc, sc, err = capture(copy, "--project", os.path.join(ALONE, "project"))
            self.assertEqual(rc, 0, err)
            self.assertEqual(len(sc["configs"]), 2)
            # without it the package is a missing module: named, and nothing launches
            rc, sc, err = capture(copy)
            self.assertEqual(rc, 0, err)
            self.assertEqual(sc["configs"], [])
            self.assertTrue(any("module 'tinyops' is neither installed" in m for m in messages(sc)), messages(sc))
            rc, _, err = capture(copy, "--project", os.path.join(tmp, "nowhere"))
            self.assertEqual(rc, 4)
            self.assertIn("--project", err)

    def test_call_runs_the_main_block_with_a_command_line(self):
        rc, sc, err = capture(os.path.join(ALONE, "main_block.py"), "--no-discover", "--call",
                              "__main__ --tile 256 --dtype float32")
        self.assertEqual(rc, 0, err)
        self.assertEqual(sorted(configs_of(sc)), ["double_kernel__f32_1024", "double_kernel__f32_4096"])
        self.assertEqual(sc["configs"][0]["params"][2]["value"], 256)
        self.assertEqual(sc["configs"][0]["sources"], ["call: __main__ --tile 256 --dtype float32"])
        rc, sc, err = capture(os.path.join(ALONE, "no_entry.py"), "--no-discover", "--call", "__main__")
        self.assertEqual(rc, 3)
        self.assertIn("the file has no `if __name__ == \"__main__\":` block", " ".join(messages(sc)))

    def test_code_under_capture_runs_no_other_program(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "builds_first.py")
            with open(os.path.join(ALONE, "main_block.py")) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(text.replace("    parser = argparse.ArgumentParser()",
                                     "    import subprocess\n    subprocess.run(['cargo', 'build', '--release'], check=True)\n"
                                     "    parser = argparse.ArgumentParser()"))
            rc, sc, err = capture(path)
            self.assertEqual(rc, 0, err)
            self.assertEqual(sc["configs"], [])
            self.assertTrue(any("running another program (cargo build --release)" in m for m in messages(sc)),
                            messages(sc))

    def test_no_discover_runs_no_entry_point(self):
        rc, sc, err = capture(os.path.join(ALONE, "main_block.py"), "--no-discover")
        self.assertEqual(rc, 0, err)
        self.assertEqual(sc["configs"], [])
        self.assertEqual(sc["captured"]["entry_points"], [])


class RoundTrip(unittest.TestCase):
    def test_captured_config_exports_with_the_dispatchers_constraints(self):
        rc, sc, err = capture(os.path.join(OPS, "scale_rows.py"), "--no-discover", "--call",
                              "_launch(tensor((32, 24), float16, strides=(40, 1)), tensor((32, 24), float16), 1.0, False)")
        self.assertEqual(rc, 0, err)
        [cfg] = sc["configs"]
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "ref.tileirbc")
            p = subprocess.run([sys.executable, EXPORT, os.path.join(OPS, "scale_rows.py"), cfg["kernel"],
                                json.dumps(cfg["params"]), out, "13.3"], capture_output=True, text=True, timeout=120)
            self.assertEqual(p.returncode, 0, p.stderr)
            data = open(out, "rb").read()
        # the entry's symbol spells the specialization: stride 40 halves is
        # 80 bytes, a multiple of 16 (div 8), 24 is not a multiple of 16
        self.assertIn(b"_scale_rows_kernel", data)
        self.assertNotIn(b"i16", data.split(b"_scale_rows_kernel")[1][:40])


if __name__ == "__main__":
    unittest.main()
