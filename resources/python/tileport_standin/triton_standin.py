# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""The benchmark harness of `triton.testing`, which benchmark files use to
declare their shapes. `perf_report` records the benchmarks on the function;
`do_bench` calls the measured function once (the launch is what counts)."""
import sys

from .placeholders import permissive_module


class Benchmark:
    def __init__(self, x_names, x_vals, line_arg, line_vals, line_names=None, plot_name="", args=None,
                 xlabel="", ylabel="", x_log=False, y_log=False, styles=None, **kwargs):
        self.x_names = list(x_names)
        self.x_vals = list(x_vals)
        self.line_arg = line_arg
        self.line_vals = list(line_vals)
        self.line_names = line_names
        self.plot_name = plot_name
        self.args = dict(args or {})


class Mark:
    def __init__(self, fn, benchmarks):
        self.fn = fn
        self.benchmarks = benchmarks if isinstance(benchmarks, (list, tuple)) else [benchmarks]
        self.__name__ = getattr(fn, "__name__", "benchmark")
        self.__wrapped__ = fn

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)

    def run(self, *a, **k):
        return None


def perf_report(benchmarks):
    return lambda fn: Mark(fn, benchmarks)


def do_bench(fn, warmup=25, rep=100, grad_to_none=None, quantiles=None, return_mode="mean", **kw):
    fn()
    if quantiles:
        return tuple(1.0 for _ in quantiles)
    return 1.0


def do_bench_cudagraph(fn, rep=20, grad_to_none=None, quantiles=None, return_mode="mean", **kw):
    return do_bench(fn, quantiles=quantiles)


def install(recorder=None):
    """`recorder`: where `kernel[grid](...)` launches of `@triton.jit`
    kernels go (triton_launches); without one `@triton.jit` is a plain
    placeholder decorator."""
    triton = permissive_module("triton")
    testing = permissive_module("triton.testing")
    testing.Benchmark = Benchmark
    testing.perf_report = perf_report
    testing.do_bench = do_bench
    testing.do_bench_cudagraph = do_bench_cudagraph
    testing.Mark = Mark
    triton.testing = testing
    triton.__version__ = "3.5.0+standin"
    triton.cdiv = lambda a, b: -(-a // b)
    triton.next_power_of_2 = lambda n: 1 if n <= 1 else 1 << (int(n) - 1).bit_length()
    sys.modules["triton"] = triton
    sys.modules["triton.testing"] = testing
    if recorder is not None:
        from . import triton_launches
        language = permissive_module("triton.language")
        tools = permissive_module("triton.tools")
        descriptors = permissive_module("triton.tools.tensor_descriptor")
        triton_launches.install(triton, language, recorder, descriptors)
        tools.tensor_descriptor = descriptors
        triton.tools = tools
        sys.modules["triton.language"] = language
        sys.modules["triton.tools"] = tools
        sys.modules["triton.tools.tensor_descriptor"] = descriptors
    return triton
