"""A real AI SDK UI message stream server for the chat client's tests: pydantic-ai's VercelAIAdapter with a
scripted FunctionModel (no LLM, no network). Needs pydantic-ai-slim[ui], starlette and uvicorn (make test-deps).

Run: python ui_stream_server.py   -> prints the port it listens on (127.0.0.1 only); POST /api/chat.

The user's first word picks the script:
  weather   reasoning, text, the server tool get_weather, then the client tool get_location, then text
  two       the client tools get_location and get_time in one step, then text naming what came back
  approve   the server tool delete_file, which needs approval (sdk_version 6), then text about the outcome
  hello     text only
"""
import json
import os
import socket
import sys
import threading

import uvicorn
from pydantic_ai import Agent, DeferredToolRequests, ToolDefinition
from pydantic_ai.messages import ToolReturnPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo, DeltaThinkingPart, DeltaToolCall, FunctionModel
from pydantic_ai.toolsets import ExternalToolset
from pydantic_ai.ui.vercel_ai import VercelAIAdapter
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.routing import Route


def first_prompt(messages):
    for message in messages:
        for part in getattr(message, 'parts', []):
            if isinstance(part, UserPromptPart):
                return str(part.content)
    return ''


def shown(value):
    return json.dumps(value, sort_keys=True) if isinstance(value, (dict, list)) else str(value)


async def script(messages, info: AgentInfo):
    """Decide the next model step from the history (no LLM involved)."""
    words = first_prompt(messages).split()
    kind = words[0] if words else 'hello'
    returned = {p.tool_name: p.content for p in messages[-1].parts if isinstance(p, ToolReturnPart)}
    if kind == 'weather':
        if 'get_location' in returned:
            yield 'You are in '
            yield shown(returned['get_location'])
            yield '. Done.'
        elif 'get_weather' in returned:
            yield {1: DeltaToolCall(name='get_location', json_args='{"precision":', tool_call_id='call_loc_1')}
            yield {1: DeltaToolCall(json_args='"city"}')}
        else:
            yield {0: DeltaThinkingPart(content='User wants weather; ')}
            yield {0: DeltaThinkingPart(content='call get_weather.')}
            yield 'Let me '
            yield 'check.'
            yield {1: DeltaToolCall(name='get_weather', json_args='{"city": "Paris"}', tool_call_id='call_wx_1')}
    elif kind == 'two':
        if returned:
            yield 'Got ' + '; '.join(f'{name}={shown(returned[name])}' for name in sorted(returned))
        else:
            yield {0: DeltaToolCall(name='get_location', json_args='{"precision": "city"}', tool_call_id='call_a')}
            yield {1: DeltaToolCall(name='get_time', json_args='{}', tool_call_id='call_b')}
    elif kind == 'approve':
        if returned:
            yield 'Outcome: ' + '; '.join(f'{name}={shown(returned[name])}' for name in sorted(returned))
        else:
            yield {0: DeltaToolCall(name='delete_file', json_args='{"path": "/x"}', tool_call_id='c_del')}
    else:
        yield 'Hello '
        yield 'there.'


client_tools = ExternalToolset([
    ToolDefinition(name='get_location', description='Runs on the client device.',
                   parameters_json_schema={'type': 'object', 'properties': {'precision': {'type': 'string'}}}),
    ToolDefinition(name='get_time', description='Runs on the client device.',
                   parameters_json_schema={'type': 'object', 'properties': {}}),
])
agent = Agent(FunctionModel(stream_function=script), output_type=[str, DeferredToolRequests], toolsets=[client_tools])


@agent.tool_plain
def get_weather(city: str) -> dict:
    """Server-side tool."""
    return {'city': city, 'tempC': 21}


@agent.tool_plain(requires_approval=True)
def delete_file(path: str) -> str:
    """Server-side tool that needs the user's approval."""
    return f'deleted {path}'


async def chat(request: Request):
    return await VercelAIAdapter.dispatch_request(request, agent=agent, sdk_version=6)


app = Starlette(routes=[Route('/api/chat', chat, methods=['POST'])])

def exit_when_parent_goes():
    """The test process holds our stdin open; when it ends (even killed), stdin closes and we go too."""
    def watch():
        sys.stdin.buffer.read()
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


if __name__ == '__main__':
    exit_when_parent_goes()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(('127.0.0.1', 0))
    sock.listen(128)  # connections wait in the backlog until the server accepts them
    print(sock.getsockname()[1], flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level='warning'))
    server.run(sockets=[sock])
