"""The test suite's MCP server, built on a real SDK: `mcp` (2.3.0) or `fastmcp` (4.1.6).

Run: python mcp_notes_server.py [mcp|fastmcp]   (stdio; both protocol eras, as the SDKs serve them)

Tools: read_note (read-only), delete_note (destructive), fail (isError), slow (progress),
grow (adds the tool "extra" and says the list changed), env (reads one environment variable).
"""
import asyncio
import os
import sys

SDK = sys.argv[1] if len(sys.argv) > 1 else 'mcp'
if SDK == 'fastmcp':
    from fastmcp import Context, FastMCP as Server
    from fastmcp.exceptions import ToolError
else:
    from mcp.server.mcpserver import Context, MCPServer as Server
    from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations

NOTES = {'greeting': 'hello', 'farewell': 'bye'}
server = Server('notes')


@server.tool(annotations=ToolAnnotations(title='Read note', readOnlyHint=True, idempotentHint=True))
def read_note(key: str) -> str:
    """Read a note."""
    return NOTES.get(key, '')


@server.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, openWorldHint=False))
def delete_note(key: str) -> str:
    """Delete a note."""
    return 'deleted' if NOTES.pop(key, None) is not None else 'absent'


@server.tool()
def fail(reason: str) -> str:
    """Always fails."""
    raise ToolError(f'failed on purpose: {reason}')


@server.tool()
async def slow(seconds: float, ctx: Context) -> str:
    """Sleeps, reporting progress each tenth of the time."""
    steps = max(1, int(seconds * 10))
    for i in range(steps):
        await ctx.report_progress(i + 1, steps)
        await asyncio.sleep(seconds / steps)
    return f'slept {seconds}s'


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
def env(name: str) -> str:
    """The value of one environment variable, or '(unset)'."""
    return os.environ.get(name, '(unset)')


@server.tool()
async def grow(ctx: Context) -> str:
    """Adds the tool "extra" and tells the client the list changed."""
    @server.tool(annotations=ToolAnnotations(readOnlyHint=True))
    def extra() -> str:
        """Appears after grow."""
        return 'extra'
    await ctx.session.send_tool_list_changed()
    return 'grown'


if __name__ == '__main__':
    print(f'notes server ({SDK}) starting', file=sys.stderr, flush=True)
    server.run()
