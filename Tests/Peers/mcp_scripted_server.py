"""A scripted MCP stdio server (standard library only) for the faults a real SDK server can't be made to show.

Run: python3 mcp_scripted_server.py MODE[,MODE...]

It speaks both eras like the SDK servers (the first request decides) and offers the tools
"echo" (read-only), "wipe" (destructive), "crash" (exits mid-call), "hang" (never answers),
"pid" (its process id), "cancelled" (the ids the client cancelled). Modes:
  exit-at-once       exits with status 3 before reading anything, after a line on stderr
  silent             reads requests and never answers
  garbage            writes a line that is not JSON-RPC before every answer
  legacy-only        answers server/discover with -32601 (an older server)
  future-only        answers everything with -32022, supported ["2099-01-01"]
  counter-offer      answers initialize with protocolVersion "1999-01-01"
  paged              lists its tools one per page (nextCursor)
  endless-pages      pages with the same cursor forever
  huge-line          answers tools/list with one line of 2 MiB
  list-changed       after a call of "echo", adds the tool "late" and says the list changed
  ask                sends the client a request (sampling) and a ping before answering tools/list
  bad-tool           lists a tool without an inputSchema beside the good ones
  deaf               stops reading its input after it listed its tools
"""
import json
import os
import sys

MODES = set(sys.argv[1].split(',')) if len(sys.argv) > 1 else set()
MODERN = '2026-07-28'
HANDSHAKE = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']
KEY = 'io.modelcontextprotocol/protocolVersion'

TOOLS = [
    {'name': 'echo', 'description': 'Echo the text.', 'annotations': {'readOnlyHint': True},
     'inputSchema': {'type': 'object', 'properties': {'text': {'type': 'string'}}, 'required': ['text']}},
    {'name': 'wipe', 'description': 'Wipe everything.', 'annotations': {'destructiveHint': True},
     'inputSchema': {'type': 'object', 'properties': {}}},
    {'name': 'crash', 'description': 'Exit mid-call.', 'inputSchema': {'type': 'object'}},
    {'name': 'hang', 'description': 'Never answer.', 'inputSchema': {'type': 'object'}},
    {'name': 'pid', 'description': 'The process id.', 'annotations': {'readOnlyHint': True}, 'inputSchema': {'type': 'object'}},
    {'name': 'cancelled', 'description': 'The request ids the client cancelled.', 'annotations': {'readOnlyHint': True},
     'inputSchema': {'type': 'object'}},
]
era = None
cancelled = set()


def write(obj):
    if 'garbage' in MODES:
        sys.stdout.write('this is not JSON-RPC\n')
    sys.stdout.write(json.dumps(obj) + '\n')
    sys.stdout.flush()


def result(rid, value):
    if era == 'modern':
        value = dict(value, resultType='complete')
    write({'jsonrpc': '2.0', 'id': rid, 'result': value})


def error(rid, code, message, data=None):
    err = {'code': code, 'message': message}
    if data is not None:
        err['data'] = data
    write({'jsonrpc': '2.0', 'id': rid, 'error': err})


def text(rid, value, is_error=False):
    result(rid, {'content': [{'type': 'text', 'text': value}], 'isError': is_error})


def main():
    global era
    if 'exit-at-once' in MODES:
        print('cannot start: no database', file=sys.stderr, flush=True)
        sys.exit(3)
    echoed = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        method, rid, params = msg.get('method'), msg.get('id'), msg.get('params') or {}
        if 'silent' in MODES:
            continue
        if rid is None:
            if method == 'notifications/cancelled':
                cancelled.add(params.get('requestId'))
                print(f'cancelled {params.get("requestId")}', file=sys.stderr, flush=True)
            continue
        if 'method' not in msg:
            continue  # an answer to one of our requests
        if 'future-only' in MODES:
            error(rid, -32022, 'Unsupported protocol version', {'supported': ['2099-01-01'], 'requested': MODERN})
            continue
        meta = params.get('_meta') or {}
        if era is None:
            era = 'modern' if KEY in meta and method != 'initialize' and 'legacy-only' not in MODES else 'handshake'
        if method == 'server/discover':
            if era != 'modern':
                error(rid, -32601, 'Method not found')
            else:
                result(rid, {'supportedVersions': [MODERN], 'capabilities': {'tools': {'listChanged': True}}})
        elif method == 'initialize':
            if era == 'modern':
                error(rid, -32022, 'connection is serving the 2026-07-28 protocol', {'supported': [MODERN]})
                continue
            asked = params.get('protocolVersion')
            agreed = '1999-01-01' if 'counter-offer' in MODES else (asked if asked in HANDSHAKE else HANDSHAKE[0])
            result(rid, {'protocolVersion': agreed, 'capabilities': {'tools': {'listChanged': True}},
                         'serverInfo': {'name': 'scripted', 'version': '1'}})
        elif era == 'modern' and KEY not in meta:
            error(rid, -32602, 'params._meta must carry the envelope')
        elif era == 'handshake' and KEY in meta:
            error(rid, -32600, 'this connection serves the handshake era')
        elif method == 'ping':
            result(rid, {})
        elif method == 'tools/list':
            if 'ask' in MODES:
                write({'jsonrpc': '2.0', 'id': 'srv-1', 'method': 'sampling/createMessage', 'params': {}})
                write({'jsonrpc': '2.0', 'id': 'srv-2', 'method': 'ping'})
            tools = list(TOOLS)
            if 'bad-tool' in MODES:
                tools.insert(1, {'name': 'broken', 'description': 'no schema'})
            if 'huge-line' in MODES:
                tools[0] = dict(tools[0], description='x' * (2 << 20))
            if 'paged' in MODES:
                index = int(params.get('cursor') or 0)
                page = {'tools': tools[index:index + 1]}
                if index + 1 < len(tools):
                    page['nextCursor'] = str(index + 1)
                result(rid, page)
            elif 'endless-pages' in MODES:
                result(rid, {'tools': tools[:1], 'nextCursor': 'again'})
            else:
                result(rid, {'tools': tools})
            if 'deaf' in MODES:
                import time
                while True:
                    time.sleep(3600)
        elif method == 'tools/call':
            name, args = params.get('name'), params.get('arguments') or {}
            if name == 'echo':
                echoed += 1
                text(rid, args.get('text', ''))
                if 'list-changed' in MODES and echoed == 1:
                    TOOLS.append({'name': 'late', 'description': 'Listed after the first echo.', 'inputSchema': {'type': 'object'}})
                    write({'jsonrpc': '2.0', 'method': 'notifications/tools/list_changed'})
            elif name == 'wipe':
                result(rid, {'content': [{'type': 'text', 'text': 'wiped'}], 'structuredContent': {'wiped': True}})
            elif name == 'crash':
                print('crashing on purpose', file=sys.stderr, flush=True)
                os._exit(7)
            elif name == 'hang':
                pass
            elif name == 'cancelled':
                result(rid, {'content': [], 'structuredContent': {'ids': sorted(cancelled)}})
            elif name == 'pid':
                result(rid, {'content': [{'type': 'text', 'text': str(os.getpid())}], 'structuredContent': {'pid': os.getpid()}})
            else:
                error(rid, -32602, f'Unknown tool: {name}')
        else:
            error(rid, -32601, 'Method not found')


if __name__ == '__main__':
    main()
