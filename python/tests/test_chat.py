"""The chat client from Python, against the test suite's peers on 127.0.0.1: the scripted
Chatbase-style server (Tests/Peers/chat_scripted_server.py) and pydantic-ai's VercelAIAdapter
(Tests/Peers/ui_stream_server.py). Each is started by a fixture and stopped by its pid."""

import asyncio
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import streamchatai
from streamchatai import Cancelled, ChatClient, InvalidArgument, IOFailure, LimitExceeded

PEERS = Path(__file__).resolve().parents[2] / "Tests" / "Peers"


def start_peer(script):
    # stdin stays open while we run: the peer exits when it closes, and is killed by pid below.
    process = subprocess.Popen([sys.executable, str(PEERS / script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    port = int(process.stdout.readline())
    return process, port


def stop_peer(process):
    os.kill(process.pid, signal.SIGTERM)
    process.wait(timeout=30)


@pytest.fixture(scope="module")
def scripted():
    process, port = start_peer("chat_scripted_server.py")
    yield f"http://127.0.0.1:{port}"
    stop_peer(process)


@pytest.fixture(scope="module")
def ui_stream():
    pytest.importorskip("pydantic_ai")
    process, port = start_peer("ui_stream_server.py")
    yield f"http://127.0.0.1:{port}/api/chat"
    stop_peer(process)


def chatbase(base, **settings):
    return ChatClient(transport="chatbase", base_url=base, agent_id="agent-py", user_id="u-1", client_id="linux-py", **settings)


LOCATION = {"name": "get_location", "inputSchema": {"type": "object", "properties": {"precision": {"type": "string"}}}}


def test_a_decorated_handler_runs_and_the_conversation_continues(scripted):
    client = chatbase(scripted)
    events = []
    client.on_event = events.append

    @client.tool(LOCATION)
    def get_location(call):
        return {"city": "Lyon", "precision": call["arguments"]["precision"]}, "Shared the city"

    response = client.send("tool")
    assert response["text"] == 'You are in {"city": "Lyon", "precision": "city"}'
    assert response["rounds"] == 2 and response["tool_calls"][0]["executor"] == "client"
    kinds = [e["type"] for e in events]
    assert kinds.index("tool_call") < kinds.index("tool_result") < kinds.index("text_delta")
    steps = [e for e in events if e["type"] == "steps"][-1]["attachments"]
    assert steps[0]["status"] == "completed" and steps[0]["target_client_id"] == "linux-py"
    # The steps read like any reply's steps.
    assert streamchatai.decode_parts(steps)[0]["tool_call"]["executor"] == "client"


def test_a_raising_handler_sends_its_message_as_the_error(scripted):
    client = chatbase(scripted)

    @client.tool(LOCATION)
    def get_location(call):
        raise RuntimeError("no GPS fix")

    assert client.send("tool")["text"] == 'You are in {"error": "no GPS fix"}'


def test_a_handler_answering_later_from_another_thread(scripted):
    client = chatbase(scripted)

    @client.tool(LOCATION)
    def get_location(call, result):
        threading.Timer(0.01, lambda: result.complete({"picked": "blue"})).start()

    assert client.send({"text": "tool"})["text"] == 'You are in {"picked": "blue"}'


def test_failures_raise_the_status_classes(scripted):
    client = chatbase(scripted)
    with pytest.raises(IOFailure, match="HTTP 500"):
        client.send("http500")
    with pytest.raises(LimitExceeded, match="max_tool_loop_steps 3"):
        chatbase(scripted, max_tool_loop_steps=3).send("loop")
    with pytest.raises(InvalidArgument, match=r"\$.colour: unknown setting"):
        ChatClient(url=scripted, colour=1)
    with pytest.raises(InvalidArgument, match=r"\$.text"):
        client.send({"txt": "hi"})


def test_send_releases_the_gil_and_cancel_ends_a_send_from_another_thread(scripted):
    client = chatbase(scripted)
    streaming = threading.Event()
    client.on_event = lambda event: event["type"] == "text_delta" and streaming.set()
    outcome = {}

    def hang():
        try:
            client.send("hang")
        except Cancelled as error:
            outcome["error"] = error

    worker = threading.Thread(target=hang)
    worker.start()
    assert streaming.wait(20)
    # While that send blocks in the library, this thread still runs Python and a send of its own.
    other = chatbase(scripted)
    assert other.send("hello")["text"] == "Hello, world."
    client.cancel()
    worker.join(20)
    assert isinstance(outcome.get("error"), Cancelled)


def test_send_async_and_cancelling_the_task_cancels_the_reply(scripted):
    client = chatbase(scripted)
    streaming = threading.Event()
    client.on_event = lambda event: event["type"] == "text_delta" and streaming.set()

    async def main():
        response = await client.send_async("hello")
        assert response["text"] == "Hello, world."
        streaming.clear()
        task = asyncio.ensure_future(client.send_async("hang"))
        # Cancel once the reply streams (the send is under way), not after a guessed delay.
        assert await asyncio.get_running_loop().run_in_executor(None, streaming.wait, 20)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())


def test_a_real_ui_message_stream_server_round_trip(ui_stream):
    client = ChatClient(url=ui_stream, user_id="u-1", client_id="linux-py")
    client.add_tool(LOCATION, lambda call: {"city": "Lyon"})
    response = client.send("weather now")
    assert response["text"].endswith('You are in {"city": "Lyon"}. Done.')
    assert [c["executor"] for c in response["tool_calls"]] == ["server", "client"]
    kinds = [a["type"] for a in response["attachments"]]
    assert kinds == ["ai_reasoning", "ai_tool_call", "ai_tool_call"]


def test_an_approver_callable_decides_approval_requests(ui_stream):
    client = ChatClient(url=ui_stream)
    asked = []
    client.approver = lambda request: asked.append(request["tool_name"]) or True
    assert client.send("approve please")["text"] == "Outcome: delete_file=deleted /x"
    assert asked == ["delete_file"]
    client.approver = None
    assert client.send("approve please")["tool_calls"][0]["state"] == "output-denied"
