"""json_paths.py - every key path of a JSON document, as docs/*.md tables
name them: objects joined with '.', arrays as '[]' (the doc-coverage
checks of fields_doc_test.sh and awr_test.sh)."""


def paths(v, prefix, out):
    """Add every key path under v (at prefix) to the set out."""
    if isinstance(v, dict):
        for k, x in v.items():
            p = f"{prefix}.{k}" if prefix else k
            out.add(p)
            paths(x, p, out)
    elif isinstance(v, list):
        for x in v:
            paths(x, prefix + "[]", out)
