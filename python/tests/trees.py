"""Reading rendered UI trees in the tests."""


def nodes(tree):
    """Every node of a rendered tree (a node as dicts, or None), depth first."""
    out, stack = [], [tree] if tree else []
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(node.get("children", [])))
    return out
