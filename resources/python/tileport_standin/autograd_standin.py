# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
"""Autograd on stand-in tensors: enough of it that a backward pass through
a custom `torch.autograd.Function` reaches its `backward` with stand-in
gradients (whose shapes, dtypes and strides are what a launch sees).

`Function.apply` records a node when grad is enabled and an input requires
grad; its outputs then require grad. Element-wise ops, reductions, views and
matmul carry their inputs (`_ins`), so `loss = f(x).sum(); loss.backward()`
finds the nodes behind `loss`. Where the lineage passes through an op the
stand-in does not track, a backward runs every node of the case instead:
more launches than torch would make, never fewer. Leaves that require grad
get a `.grad` shaped like themselves."""
import itertools
import weakref

_state = {"enabled": True}
_seq = itertools.count()
_nodes = []    # nodes of the running case, in creation order
_leaves = []   # weak references to the case's leaves that require grad


def grad_enabled():
    return _state["enabled"]


def set_enabled(flag):
    old = _state["enabled"]
    _state["enabled"] = bool(flag)
    return old


class GradMode:
    """no_grad / enable_grad / set_grad_enabled / inference_mode, as a
    context manager and a decorator."""

    def __init__(self, enabled=False):
        self.enabled = enabled

    def __enter__(self):
        self.saved = set_enabled(self.enabled)
        return self

    def __exit__(self, *exc):
        set_enabled(self.saved)
        return False

    def __call__(self, fn=None):
        if fn is None or not callable(fn):
            return self

        def wrapped(*a, **k):
            with GradMode(self.enabled):
                return fn(*a, **k)
        wrapped.__name__ = getattr(fn, "__name__", "wrapped")
        wrapped.__wrapped__ = fn
        return wrapped


def reset():
    """A new case: no nodes, no leaves, grad enabled."""
    _nodes.clear()
    _leaves.clear()
    _state["enabled"] = True


def note_leaf(t):
    _leaves.append(weakref.ref(t))


def track(out, *ins):
    """`out` was computed from `ins`: it requires grad when one of them does."""
    if not _state["enabled"]:
        return out
    carried = tuple(t for t in ins if getattr(t, "requires_grad", False))
    if carried:
        out.requires_grad = True
        out._ins = carried
    return out


class Node:
    def __init__(self, cls, ctx, inputs, outputs):
        self.seq = next(_seq)
        self.cls = cls
        self.ctx = ctx
        self.inputs = inputs
        self.outputs = outputs
        self.ran = False  # a backward pass reached it


def _flat(value):
    if isinstance(value, (tuple, list)):
        return [v for x in value for v in _flat(x)]
    return [value]


def apply(cls, ctx, args, kwargs, tensor_type):
    """Runs cls.forward as torch would (without grad tracking) and records
    the node."""
    ctx.needs_input_grad = tuple(isinstance(a, tensor_type) and a.requires_grad for a in args)
    saved = set_enabled(False)
    try:
        try:
            out = cls.forward(ctx, *args, **kwargs)
        except TypeError as e:
            if "positional argument" not in str(e):
                raise
            out = cls.forward(*args, **kwargs)  # setup_context style
            setup = getattr(cls, "setup_context", None)
            if setup is not None:
                setup(ctx, args, out)
    finally:
        set_enabled(saved)
    if saved and any(ctx.needs_input_grad):
        outputs = [o for o in _flat(out) if isinstance(o, tensor_type)]
        node = Node(cls, ctx, args, outputs)
        for o in outputs:
            o.requires_grad = True
            o._grad_fn = node
        _nodes.append(node)
    return out


def backward(roots, grads, like, tensor_type):
    """Runs the backward of every node behind `roots` (the newest first)
    and gives the leaves their `.grad`."""
    given = {}
    for r, g in zip(roots, grads):
        if isinstance(g, tensor_type):
            given[id(r)] = g
    nodes, leaves, seen, stack = {}, [], set(), list(roots)
    while stack:
        t = stack.pop()
        if id(t) in seen or not isinstance(t, tensor_type):
            continue
        seen.add(id(t))
        if t._grad_fn is not None:
            nodes[t._grad_fn.seq] = t._grad_fn
            stack.extend(a for a in _flat(list(t._grad_fn.inputs)) if isinstance(a, tensor_type))
        stack.extend(t._ins)
        if t.requires_grad and t._grad_fn is None and not t._ins:
            leaves.append(t)
    if not nodes and any(getattr(r, "requires_grad", False) for r in roots):
        nodes = {n.seq: n for n in _nodes}
    saved = set_enabled(False)
    try:
        for seq in sorted(nodes, reverse=True):
            node = nodes[seq]
            node.ran = True
            out_grads = [given[id(o)] if id(o) in given else like(o) for o in node.outputs]
            result = node.cls.backward(node.ctx, *out_grads)
            result = result if isinstance(result, (tuple, list)) else (result,)
            for a, g in zip(node.inputs, result):
                if not isinstance(a, tensor_type) or not a.requires_grad:
                    continue
                if isinstance(g, tensor_type) and a._grad_fn is not None:
                    given[id(a)] = g
                if a._grad_fn is None and not a._ins:
                    leaves.append(a)
    finally:
        set_enabled(saved)
    for ref in list(_leaves):
        t = ref()
        if t is not None:
            leaves.append(t)
    for t in leaves:
        if t.requires_grad and t.grad is None and t._grad_fn is None and not t._ins:
            t.grad = like(t)
    for t in roots:
        if getattr(t, "_retain", False) and t.grad is None:
            t.grad = like(t)


def grad(outputs, inputs, grad_outputs, like, tensor_type):
    """torch.autograd.grad: the gradients of `inputs`, left out of their `.grad`."""
    outputs = list(outputs) if isinstance(outputs, (tuple, list)) else [outputs]
    single = not isinstance(inputs, (tuple, list))
    inputs = [inputs] if single else list(inputs)
    if grad_outputs is None:
        grad_outputs = [None] * len(outputs)
    elif not isinstance(grad_outputs, (tuple, list)):
        grad_outputs = [grad_outputs]
    saved = [(t, t.grad) for t in inputs if isinstance(t, tensor_type)]
    for t, _ in saved:
        t.grad = None
    backward(outputs, grad_outputs, like, tensor_type)
    result = tuple((t.grad if t.grad is not None else like(t)) if isinstance(t, tensor_type) else None
                   for t in inputs)
    for t, g in saved:
        t.grad = g
    return result


def unrun_nodes():
    """The case's nodes no backward pass reached, whose outputs still require grad."""
    return [n for n in _nodes if not n.ran and any(getattr(o, "requires_grad", False) for o in n.outputs)]


def run_nodes(nodes, like, tensor_type):
    """The backward of `nodes` as a pass from their outputs would run it."""
    roots = [o for n in nodes for o in n.outputs]
    backward(roots, [None] * len(roots), like, tensor_type)
