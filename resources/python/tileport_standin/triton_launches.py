# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""`@triton.jit` kernels under capture: `kernel[grid](...)` records a launch
as `ct.launch` does (launches.Recorder), with the kernel's parameters bound
by name, `tl.constexpr` parameters as constants, a grid function evaluated
on the bound arguments, and under `@triton.autotune` one launch per
`triton.Config` (each a tuned candidate) with `@triton.heuristics` values
computed from the arguments. Launch options (`num_warps`, ...) are not
kernel arguments and are dropped. The configs name every Triton parameter;
TilePort fits them to the desugared kernel's signature (docs/triton.md)."""
import functools
import inspect
import os

from .launches import _caller_frame

# Keyword arguments of a Triton launch that are compiler or launcher options.
LAUNCH_OPTIONS = {"num_warps", "num_stages", "num_ctas", "maxnreg", "enable_fp_fusion", "stream", "warmup",
                  "debug", "waves_per_eu", "matrix_instr_nonkdim", "kpack", "launch_cooperative_grid",
                  "launch_pdl", "enable_warp_specialization", "num_consumer_groups", "num_buffers_warp_spec"}


class constexpr:
    """`tl.constexpr`: an annotation, and a value wrapper at module level."""

    def __init__(self, value=None):
        self.value = value.value if isinstance(value, constexpr) else value

    def __repr__(self):
        return f"constexpr[{self.value!r}]"

    def __index__(self):
        return int(self.value)

    def __int__(self):
        return int(self.value)

    def __float__(self):
        return float(self.value)

    def __bool__(self):
        return bool(self.value)


def _plain(v):
    return v.value if isinstance(v, constexpr) else v


class Config:
    def __init__(self, kwargs=None, num_warps=4, num_stages=2, num_ctas=1, maxnreg=None, pre_hook=None, **extra):
        self.kwargs = dict(kwargs or {})
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.num_ctas = num_ctas
        self.pre_hook = pre_hook


class TensorDescriptor:
    """`triton.tools.tensor_descriptor.TensorDescriptor`: a host descriptor
    of a tensor. As a launch argument it stands for its tensor (the
    desugared kernel takes the array; its block shape comes from the
    launch site, docs/triton.md)."""

    def __init__(self, base, shape, strides, block_shape, padding="zero"):
        self.base = base
        self.shape = list(shape)
        self.strides = list(strides)
        self.block_shape = list(block_shape)
        self.padding = padding

    @classmethod
    def from_tensor(cls, tensor, block_shape, padding="zero"):
        return cls(tensor, tensor.shape, tensor.stride(), block_shape, padding)


def _constant_names(fn):
    names = set()
    for name, p in inspect.signature(fn).parameters.items():
        ann = p.annotation
        if ann is constexpr or isinstance(ann, constexpr) or (isinstance(ann, str) and ann.endswith("constexpr")):
            names.add(name)
    return names


class JITFunction:
    """The kernel object `@triton.jit` makes: subscript with a grid to launch."""

    def __init__(self, fn, recorder):
        functools.update_wrapper(self, fn)
        self.fn = fn
        self._pyfunc = fn  # what launches.kernel_parameters reads
        self._signature = inspect.signature(fn)
        self._tileport_constants = _constant_names(fn)
        self._recorder = recorder

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.launch(grid, args, kwargs)

    def run(self, *args, grid=None, **kwargs):
        return self.launch(grid, args, kwargs)

    def bind(self, args, kwargs):
        """Every parameter's value by name (defaults filled); the launch
        options left out."""
        kwargs = {k: _plain(v) for k, v in kwargs.items() if k not in LAUNCH_OPTIONS}
        bound = self._signature.bind_partial(*args, **kwargs)
        bound.apply_defaults()
        return {k: _plain(v) for k, v in bound.arguments.items()}

    def launch(self, grid, args, kwargs, tuned=None):
        values = self.bind(args, kwargs)
        missing = [n for n in self._signature.parameters if n not in values]
        if missing:
            file, line = _caller_frame()
            self._recorder.problems.append((self._recorder.source, f"{self.fn.__name__}: no value for {', '.join(missing)}",
                                            (file, line)))
            return None
        if callable(grid):
            grid = grid(dict(values))
        if grid is None:
            grid = (1,)
        ordered = tuple(values[n].base if isinstance(values[n], TensorDescriptor) else values[n]
                        for n in self._signature.parameters)
        self._recorder.tuned = tuned
        try:
            self._recorder.record(grid, self, ordered)
        finally:
            self._recorder.tuned = None
        return None

    def __call__(self, *args, **kwargs):
        raise TypeError(f"{self.fn.__name__} is a @triton.jit kernel: launch it as {self.fn.__name__}[grid](...)")


class Heuristics:
    def __init__(self, inner, values):
        functools.update_wrapper(self, getattr(inner, "fn", inner))
        self.inner = inner
        self.values = values
        self.fn = getattr(inner, "fn", inner)

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.launch(grid, args, kwargs)

    def run(self, *args, grid=None, **kwargs):
        return self.launch(grid, args, kwargs)

    def launch(self, grid, args, kwargs, tuned=None):
        kwargs = dict(kwargs)
        named = _jit(self.inner).bind(args, kwargs) if _jit(self.inner) else dict(kwargs)
        for name, rule in self.values.items():
            if name not in kwargs:
                kwargs[name] = _plain(rule(named))
                named[name] = kwargs[name]
        return self.inner.launch(grid, args, kwargs, tuned)


class Autotuner:
    def __init__(self, inner, configs, site):
        functools.update_wrapper(self, getattr(inner, "fn", inner))
        self.inner = inner
        self.configs = list(configs)
        self.fn = getattr(inner, "fn", inner)
        self.site = site

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.launch(grid, args, kwargs)

    def run(self, *args, grid=None, **kwargs):
        return self.launch(grid, args, kwargs)

    def launch(self, grid, args, kwargs, tuned=None):
        # Every candidate is a config, as for cuTile's tuned launches.
        configs = self.configs or [Config({})]
        for i, cfg in enumerate(configs):
            merged = dict(kwargs)
            merged.update({k: v for k, v in cfg.kwargs.items() if k not in kwargs})
            self.inner.launch(grid, args, merged, (self.site, i, len(configs)))
        return None


def _jit(obj):
    while obj is not None and not isinstance(obj, JITFunction):
        obj = getattr(obj, "inner", None)
    return obj


def install(triton, language, recorder, descriptors):
    """Makes `triton.jit`, `triton.autotune`, `triton.heuristics`,
    `triton.Config` and `tl.constexpr` record launches into `recorder`;
    `descriptors` is the module `triton.tools.tensor_descriptor`."""

    def jit(fn=None, **options):
        if fn is None:
            return lambda f: JITFunction(f, recorder)
        return JITFunction(fn, recorder)

    def autotune(configs, key=None, **options):
        file, line = _caller_frame()
        site = f"{os.path.basename(file or '?')}:{line}"
        return lambda inner: Autotuner(inner, configs, site)

    def heuristics(values):
        return lambda inner: Heuristics(inner, dict(values))

    triton.jit = jit
    triton.autotune = autotune
    triton.heuristics = heuristics
    triton.Config = Config
    triton.language = language
    language.constexpr = constexpr
    # Host setup a TMA kernel's launcher does: nothing to record.
    triton.set_allocator = lambda allocator: None
    descriptors.TensorDescriptor = TensorDescriptor
