"""A scripted agent server for the chat client's tests: Chatbase's endpoints and the faults a real peer can't be made to show.

Run: python chat_scripted_server.py   -> prints the port it listens on (127.0.0.1 only), then serves until killed.

POST /agents/<agent>/chat {"message"?, "conversationId"?, "stream": true}: the first message's text picks a script:
  hello       text in three deltas, finish with Chatbase's metadata
  tool        asks for the client tool get_location; after its result, text quoting the output
  notready    as tool, but the tool-result endpoint answers 404 twice before it takes the result
  neverready  as tool, but tool-result always fails with 500
  weather     asks for the client tool get_weather (the bundled weather plugin) for Paris, then text quoting it
  two         asks for get_location and get_time in one step
  loop        asks for a tool in every round, for ever
  servertool  the server runs lookup itself (input and output in the stream), then text
  malformed   broken lines, unknown chunks and fields, a known chunk missing a field, then text
  slow        text deltas 30 ms apart
  disconnect  a delta, then the connection drops mid-stream
  http500     HTTP 500 with a JSON body
  nothing     HTTP 200 with a JSON body, not a stream
  hang        a delta, then silence until the client goes away
  errorchunk  a delta, then an "error" chunk
  abort       a delta, then an "abort" chunk
  approval    a tool-approval-request (which this transport can't answer)
Continuations (no message) follow the conversation's script. /agents/<agent>/conversations/<cid>/tool-result
records {"toolCallId", "output"}; .../retry streams "Retried." GET /log lists every request received.
POST /collect takes any JSON (GET /collected lists the bodies); POST /refuse answers 503.
"""
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG = []
CONVERSATIONS = {}  # cid -> {"script", "round", "results": [...], "submits": n}
LOCK = threading.Lock()


def chunk(obj):
    return 'data: ' + (obj if isinstance(obj, str) else json.dumps(obj)) + '\n\n'


def finish(cid, reason='stop', credits=1):
    return chunk({'type': 'finish', 'messageMetadata': {
        'conversationId': cid, 'messageId': 'm-' + cid, 'userMessageId': 'um-' + cid, 'userId': 'user-9',
        'finishReason': reason, 'usage': {'credits': credits}}})


def tool_call(call_id, name, args):
    return chunk({'type': 'tool-input-available', 'toolCallId': call_id, 'toolName': name, 'input': args})


class Handler(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, *args):
        pass

    def body(self):
        length = int(self.headers.get('content-length') or 0)
        raw = self.rfile.read(length) if length else b''
        try:
            return json.loads(raw) if raw else None
        except ValueError:
            return {'_raw': raw.decode('utf-8', 'replace')}

    def record(self, body):
        with LOCK:
            LOG.append({'method': self.command, 'path': self.path, 'body': body,
                        'headers': {k.lower(): v for k, v in self.headers.items()}})

    def send_json(self, status, obj):
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header('content-type', 'application/json')
        self.send_header('content-length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def start_stream(self):
        self.send_response(200)
        self.send_header('content-type', 'text/event-stream')
        self.send_header('transfer-encoding', 'chunked')
        self.end_headers()

    def write(self, text):
        data = text.encode()
        self.wfile.write(b'%x\r\n%s\r\n' % (len(data), data))
        self.wfile.flush()

    def end_stream(self):
        self.write(chunk('[DONE]'))
        self.wfile.write(b'0\r\n\r\n')
        self.wfile.flush()

    def do_GET(self):
        if self.path == '/log':
            with LOCK:
                self.send_json(200, LOG)
        elif self.path == '/collected':
            with LOCK:
                self.send_json(200, [entry['body'] for entry in LOG if entry['path'] == '/collect'])
        else:
            self.send_json(404, {'error': 'no such page'})

    def do_POST(self):
        body = self.body()
        self.record(body)
        if self.path == '/collect':
            return self.send_json(200, {'ok': True})
        if self.path == '/refuse':
            return self.send_json(503, {'error': 'UNAVAILABLE', 'message': 'try later'})
        parts = self.path.strip('/').split('/')
        if len(parts) == 3 and parts[0] == 'agents' and parts[2] == 'chat':
            return self.chat(body or {})
        if len(parts) == 5 and parts[0] == 'agents' and parts[2] == 'conversations':
            cid = parts[3]
            with LOCK:
                conv = CONVERSATIONS.get(cid)
            if conv is None:
                return self.send_json(404, {'error': 'NOT_FOUND', 'message': 'no conversation ' + cid})
            if parts[4] == 'tool-result':
                return self.tool_result(conv, body or {})
            if parts[4] == 'retry':
                self.start_stream()
                self.write(chunk({'type': 'start', 'messageId': 'retried-1'}))
                self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': 'Retried.'}))
                self.write(finish(cid))
                return self.end_stream()
        self.send_json(404, {'error': 'NOT_FOUND', 'message': 'no endpoint ' + self.path})

    def tool_result(self, conv, body):
        with LOCK:
            conv['submits'] += 1
            submits = conv['submits']
        if conv['script'] == 'notready' and submits <= 2:
            return self.send_json(404, {'error': 'NOT_FOUND', 'message': 'tool call not ready yet'})
        if conv['script'] == 'neverready':
            return self.send_json(500, {'error': 'INTERNAL', 'message': 'result store down'})
        if len(json.dumps(body.get('output'))) > 20 * 1024:
            return self.send_json(400, {'error': 'VALIDATION_INVALID_BODY', 'message': 'output over 20 KB'})
        with LOCK:
            conv['results'].append(body)
        self.send_json(200, {'data': {'success': True}})

    def chat(self, body):
        cid = body.get('conversationId')
        if 'message' in body:
            script = str(body['message']).split()[0] if str(body['message']).split() else 'hello'
            with LOCK:  # one lock for the new id and its entry: parallel first messages get ids of their own
                if not cid:
                    cid = 'c%d' % (len(CONVERSATIONS) + 1)
                CONVERSATIONS[cid] = {'script': script, 'round': 0, 'results': [], 'submits': 0}
        with LOCK:
            conv = CONVERSATIONS.get(cid)
            if conv is None:
                return self.send_json(404, {'error': 'NOT_FOUND', 'message': 'no conversation %s' % cid})
            conv['round'] += 1
            rnd, script, results = conv['round'], conv['script'], list(conv['results'])
        if script == 'http500':
            return self.send_json(500, {'error': 'INTERNAL', 'message': 'the model is down'})
        if script == 'nothing':
            return self.send_json(200, {'data': {'text': 'not a stream'}})
        self.start_stream()
        self.write(chunk({'type': 'start', 'messageId': 'm-%s-%d' % (cid, rnd)}))
        getattr(self, 'script_' + script, self.script_hello)(cid, rnd, results)
        self.end_stream()

    def text(self, text):
        words = text.split(' ')
        for i, word in enumerate(words):
            self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': word + (' ' if i < len(words) - 1 else '')}))

    def script_hello(self, cid, rnd, results):
        self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': 'Hello'}))
        self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': ', '}))
        self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': 'world.'}))
        self.write(finish(cid, credits=2))

    def script_control(self, cid, rnd, results):
        # Terminal control sequences in the reply's text, one cut between two deltas.
        self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': 'Look: \x1b[2J\x1b'}))
        self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': ']0;pwned\x07 done\r!'}))
        self.write(finish(cid))

    def script_tool(self, cid, rnd, results):
        if rnd == 1:
            self.write(tool_call('call_loc_%s' % cid, 'get_location', {'precision': 'city'}))
            self.write(finish(cid, 'tool-calls'))
        else:
            self.text('You are in ' + json.dumps(results[-1]['output'] if results else None))
            self.write(finish(cid))

    script_notready = script_tool
    script_neverready = script_tool

    def script_two(self, cid, rnd, results):
        if rnd == 1:
            self.write(tool_call('call_a', 'get_location', {'precision': 'city'}))
            self.write(tool_call('call_b', 'get_time', {}))
            self.write(finish(cid, 'tool-calls'))
        else:
            self.text('Got ' + ','.join(r['toolCallId'] for r in results))
            self.write(finish(cid))

    def script_weather(self, cid, rnd, results):
        if rnd == 1:
            self.write(tool_call('call_wx_%s' % cid, 'get_weather', {'city': 'Paris'}))
            self.write(finish(cid, 'tool-calls'))
        else:
            self.text('Weather: ' + json.dumps(results[-1]['output'] if results else None, sort_keys=True))
            self.write(finish(cid))

    def script_loop(self, cid, rnd, results):
        self.write(tool_call('call_loop_%d' % rnd, 'get_time', {}))
        self.write(finish(cid, 'tool-calls'))

    def script_servertool(self, cid, rnd, results):
        self.write(tool_call('call_srv', 'lookup', {'q': 'x'}))
        self.write(chunk({'type': 'tool-output-available', 'toolCallId': 'call_srv', 'output': {'found': 3}}))
        self.text('Found three.')
        self.write(finish(cid))

    def script_malformed(self, cid, rnd, results):
        self.write('data: {not json\n\n')
        self.write(chunk('"a string"'))
        self.write(chunk({'no_type': 1}))
        self.write(chunk({'type': 'future-chunk', 'payload': [1, 2]}))
        self.write(chunk({'type': 'text-delta', 'id': 't'}))
        self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': 'Still ', 'newField': {'x': 1}}))
        self.write(': a comment\n\n')
        self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': 'here.'}))
        self.write(finish(cid))

    def script_slow(self, cid, rnd, results):
        for word in ['one ', 'two ', 'three']:
            time.sleep(0.03)
            self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': word}))
        self.write(finish(cid))

    def script_disconnect(self, cid, rnd, results):
        self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': 'Partial'}))
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_RDWR)
        raise ConnectionAbortedError('dropped on purpose')

    def script_hang(self, cid, rnd, results):
        self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': 'Waiting'}))
        deadline = time.time() + 30
        while time.time() < deadline:
            time.sleep(0.05)
            try:
                self.write(': still here\n\n')
            except OSError:
                return

    def script_errorchunk(self, cid, rnd, results):
        self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': 'Partial'}))
        self.write(chunk({'type': 'error', 'errorText': 'the model crashed'}))
        self.write(finish(cid, 'error'))

    def script_abort(self, cid, rnd, results):
        self.write(chunk({'type': 'text-delta', 'id': 't', 'delta': 'Stopped early'}))
        self.write(chunk({'type': 'abort'}))

    def script_approval(self, cid, rnd, results):
        self.write(tool_call('call_del', 'delete_file', {'path': '/x'}))
        self.write(chunk({'type': 'tool-approval-request', 'approvalId': 'ap1', 'toolCallId': 'call_del'}))
        self.write(finish(cid, 'tool-calls'))

    def handle_one_request(self):
        try:
            super().handle_one_request()
        except (ConnectionAbortedError, BrokenPipeError, ConnectionResetError):
            self.close_connection = True


def exit_when_parent_goes():
    """The test process holds our stdin open; when it ends (even killed), stdin closes and we go too."""
    def watch():
        sys.stdin.buffer.read()
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


def main():
    exit_when_parent_goes()
    server = ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == '__main__':
    main()
