#!/usr/bin/env bash
# Checks what `make install` puts beside the CLI: the man page renders and
# names every command; the bash, zsh and fish completions parse, and bash's
# and fish's complete commands and options. Run with the install prefix.
set -u
prefix=${1:?usage: check-install-docs.sh PREFIX}
cli=$prefix/bin/streamchatai
fail=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; fail=1; fi; }

page=$(MANWIDTH=100 man -l "$prefix/share/man/man1/streamchatai.1" 2> /dev/null)
check "the man page renders" '[ -n "$page" ]'
for command in steps plugins run ui chat; do
    check "the man page describes '$command'" 'grep -q "streamchatai $command" <<< "$page"'
done
bash_completion=$prefix/share/bash-completion/completions/streamchatai
check "bash completes a command" \
    '[ "$(bash -c "source $bash_completion; COMP_WORDS=(streamchatai ru); COMP_CWORD=1; _streamchatai; echo \${COMPREPLY[*]}")" = run ]'
check "bash completes a command's option" \
    '[ "$(bash -c "source $bash_completion; COMP_WORDS=(streamchatai ui --con); COMP_CWORD=2; _streamchatai; echo \${COMPREPLY[*]}")" = --config ]'
check "the zsh completion parses" 'zsh -n "$prefix/share/zsh/site-functions/_streamchatai"'
fish_completion=$prefix/share/fish/vendor_completions.d/streamchatai.fish
check "fish completes a command's options" \
    'fish -c "source $fish_completion; complete -C \"streamchatai run --\"" | grep -q "^--user"'
check "the CLI writes what was installed" 'cmp -s <("$cli" --man) "$prefix/share/man/man1/streamchatai.1"'
exit $fail
