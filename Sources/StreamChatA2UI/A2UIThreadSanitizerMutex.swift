#if TSAN
import StreamChatAI

/// This module's `Mutex` in a thread-sanitizer build (`make tsan`): one the sanitizer sees (see
/// ``ThreadSanitizerMutex``).
typealias Mutex<Value> = ThreadSanitizerMutex<Value>
#endif
