%% erlang-raw: a small HTTP/1.x server on plain gen_tcp, in the spirit of
%% seed 000's "ehttpd" (one Erlang process per connection, no framework).
%%
%% The VM's built-in HTTP decoder ({packet, http_bin}) splits the request
%% line and headers; everything else (routing, query decoding, XML escaping,
%% keep-alive, the Date header) is done here. No OTP application, no HTTP
%% library.
%%
%% Processes:
%%   owner     holds the listen socket and keeps it open;
%%   clock     owns an ETS table with the current Date header value,
%%             rewritten at every second boundary (formatted here, no
%%             httpd_util);
%%   acceptors a pool of ?ACCEPTORS processes blocked in gen_tcp:accept/1.
%%             An acceptor that gets a connection first spawns its
%%             replacement, then serves that connection itself until it
%%             closes, and exits.
%%
%% Start: erl -noshell -noinput -pa build -s erlang_raw start HOST PORT DOCROOT
-module(erlang_raw).

-export([start/1, main/3]).
-export([acceptor/2]).

-define(ACCEPTORS, 32).
-define(BACKLOG, 8192).
%% Idle keep-alive connections and slow header senders are closed after this.
-define(IDLE_MS, 60000).
-define(MAX_HEADERS, 100).
%% Request bodies up to this size are read and discarded; larger ones close.
-define(MAX_DISCARD, 1048576).
-define(SERVER, <<"erlang-raw">>).
-define(CLOCK_TABLE, erlang_raw_clock).

-record(cfg, {static_6b :: binary(), static_4k :: binary()}).

-record(req, {method, path = <<>>, query = none, vsn,
              connection = <<>>, content_length = 0, chunked = false,
              count = 0}).

%% -s erlang_raw start HOST PORT DOCROOT: the arguments arrive as atoms.
start([Host, Port, Docroot]) ->
    main(atom_to_list(Host), list_to_integer(atom_to_list(Port)),
         atom_to_list(Docroot));
start(Args) ->
    fail("usage: -s erlang_raw start HOST PORT DOCROOT (got ~p)", [Args]).

main(Host, Port, Docroot) ->
    Ip = case inet:parse_address(Host) of
             {ok, A} -> A;
             {error, _} -> fail("bad listen address ~s", [Host])
         end,
    Cfg = #cfg{static_6b = read_static(Docroot, "6b"),
               static_4k = read_static(Docroot, "4k")},
    start_clock(),
    Self = self(),
    spawn(fun() -> owner(Self, Ip, Port, Cfg) end),
    receive
        {listening, ok} ->
            io:format("erlang-raw: listening on ~s:~b (~b schedulers)~n",
                      [Host, Port, erlang:system_info(schedulers_online)]);
        {listening, {error, Reason}} ->
            fail("cannot listen on ~s:~b: ~p", [Host, Port, Reason])
    end.

fail(Fmt, Args) ->
    io:format(standard_error, "erlang-raw: " ++ Fmt ++ "~n", Args),
    erlang:halt(1).

read_static(Docroot, Name) ->
    File = filename:join([Docroot, "static", Name]),
    case file:read_file(File) of
        {ok, Bin} -> Bin;
        {error, Reason} -> fail("cannot read ~s: ~p", [File, Reason])
    end.

%% ---------------------------------------------------------------- listener

owner(Parent, Ip, Port, Cfg) ->
    Opts = [binary, {ip, Ip}, {packet, http_bin}, {active, false},
            {reuseaddr, true}, {backlog, ?BACKLOG}, {nodelay, true}],
    case gen_tcp:listen(Port, Opts) of
        {ok, LSock} ->
            [spawn(?MODULE, acceptor, [LSock, Cfg])
             || _ <- lists:seq(1, ?ACCEPTORS)],
            Parent ! {listening, ok},
            owner_wait();
        {error, _} = Error ->
            Parent ! {listening, Error}
    end.

owner_wait() ->
    receive _ -> owner_wait() end.

acceptor(LSock, Cfg) ->
    case gen_tcp:accept(LSock) of
        {ok, Sock} ->
            spawn(?MODULE, acceptor, [LSock, Cfg]),
            request(Sock, Cfg);
        {error, closed} ->
            ok;
        {error, _} ->
            %% emfile and the like: back off a little, keep the pool size.
            timer:sleep(10),
            acceptor(LSock, Cfg)
    end.

%% ------------------------------------------------------------- connection

request(Sock, Cfg) ->
    case gen_tcp:recv(Sock, 0, ?IDLE_MS) of
        {ok, {http_request, Method, Uri, Vsn}} ->
            {Path, Query} = split_uri(Uri),
            headers(Sock, Cfg, #req{method = Method, path = Path,
                                    query = Query, vsn = Vsn});
        {ok, {http_error, Line}} when Line =:= <<"\r\n">>;
                                      Line =:= <<"\n">> ->
            %% Stray line ends between requests are tolerated.
            request(Sock, Cfg);
        {ok, _} ->
            bad_request(Sock);
        {error, _} ->
            gen_tcp:close(Sock)
    end.

headers(Sock, _Cfg, #req{count = N}) when N > ?MAX_HEADERS ->
    bad_request(Sock);
headers(Sock, Cfg, R = #req{count = N}) ->
    case gen_tcp:recv(Sock, 0, ?IDLE_MS) of
        {ok, http_eoh} ->
            handle(Sock, Cfg, R);
        {ok, {http_header, _, 'Connection', _, V}} ->
            Conn = case R#req.connection of
                       <<>> -> V;
                       Old -> <<Old/binary, ",", V/binary>>
                   end,
            headers(Sock, Cfg, R#req{connection = Conn, count = N + 1});
        {ok, {http_header, _, 'Content-Length', _, V}} ->
            case catch binary_to_integer(V) of
                L when is_integer(L), L >= 0 ->
                    headers(Sock, Cfg, R#req{content_length = L,
                                             count = N + 1});
                _ ->
                    bad_request(Sock)
            end;
        {ok, {http_header, _, 'Transfer-Encoding', _, _}} ->
            headers(Sock, Cfg, R#req{chunked = true, count = N + 1});
        {ok, {http_header, _, _, _, _}} ->
            headers(Sock, Cfg, R#req{count = N + 1});
        {ok, _} ->
            bad_request(Sock);
        {error, _} ->
            gen_tcp:close(Sock)
    end.

handle(Sock, Cfg, R = #req{vsn = Vsn, connection = Conn}) ->
    KeepAlive0 = keep_alive(Vsn, lowercase(Conn)),
    {KeepAlive, BodyOk} = discard_body(Sock, R, KeepAlive0),
    {Status, Type, Body, Extra} = route(R#req.method, R#req.path,
                                        R#req.query, Cfg),
    Head = [status_line(Status),
            <<"Server: ">>, ?SERVER,
            <<"\r\nDate: ">>, http_date(),
            <<"\r\nContent-Type: ">>, Type,
            <<"\r\nContent-Length: ">>, integer_to_binary(iolist_size(Body)),
            <<"\r\n">>, Extra,
            connection_header(Vsn, KeepAlive),
            <<"\r\n">>],
    Out = case R#req.method of
              'HEAD' -> Head;
              _ -> [Head, Body]
          end,
    case gen_tcp:send(Sock, Out) of
        ok when KeepAlive, BodyOk ->
            request(Sock, Cfg);
        _ ->
            gen_tcp:close(Sock)
    end.

%% HTTP/1.1: persistent unless "close"; HTTP/1.0: only with "keep-alive".
keep_alive({1, 1}, Conn) -> not has_token(Conn, <<"close">>);
keep_alive({1, 0}, Conn) -> has_token(Conn, <<"keep-alive">>);
keep_alive(_, _) -> false.

has_token(<<>>, _) -> false;
has_token(Value, Token) ->
    lists:member(Token, [string:trim(T) || T <- binary:split(Value, <<",">>,
                                                              [global])]).

lowercase(<<>>) -> <<>>;
lowercase(B) -> string:lowercase(B).

connection_header({1, 1}, true) -> <<>>;
connection_header(_, true) -> <<"Connection: keep-alive\r\n">>;
connection_header(_, false) -> <<"Connection: close\r\n">>.

%% Reads and drops a request body so the next request starts where it
%% should. Returns {KeepAlive, BodyWasRead}.
discard_body(_Sock, #req{chunked = true}, _KeepAlive) ->
    {false, false};
discard_body(_Sock, #req{content_length = 0}, KeepAlive) ->
    {KeepAlive, true};
discard_body(_Sock, #req{content_length = L}, _KeepAlive)
  when L > ?MAX_DISCARD ->
    {false, false};
discard_body(Sock, #req{content_length = L}, KeepAlive) ->
    ok = inet:setopts(Sock, [{packet, raw}]),
    case gen_tcp:recv(Sock, L, ?IDLE_MS) of
        {ok, _} ->
            ok = inet:setopts(Sock, [{packet, http_bin}]),
            {KeepAlive, true};
        {error, _} ->
            {false, false}
    end.

split_uri({abs_path, P}) -> split_path(P);
split_uri({absoluteURI, _Scheme, _Host, _Port, P}) -> split_path(P);
split_uri(_) -> {<<>>, none}.

split_path(P) ->
    case binary:split(P, <<"?">>) of
        [Path, Query] -> {Path, Query};
        [Path] -> {Path, none}
    end.

bad_request(Sock) ->
    Body = <<"bad request\n">>,
    gen_tcp:send(Sock, [status_line(400),
                        <<"Server: ">>, ?SERVER,
                        <<"\r\nDate: ">>, http_date(),
                        <<"\r\nContent-Type: text/plain\r\nContent-Length: ">>,
                        integer_to_binary(byte_size(Body)),
                        <<"\r\nConnection: close\r\n\r\n">>, Body]),
    gen_tcp:close(Sock).

status_line(200) -> <<"HTTP/1.1 200 OK\r\n">>;
status_line(400) -> <<"HTTP/1.1 400 Bad Request\r\n">>;
status_line(404) -> <<"HTTP/1.1 404 Not Found\r\n">>;
status_line(405) -> <<"HTTP/1.1 405 Method Not Allowed\r\n">>.

%% ----------------------------------------------------------------- routes

route(M, Path, Query, Cfg) ->
    case endpoint(Path) of
        none ->
            {404, <<"text/plain">>, <<"not found\n">>, <<>>};
        E when M =:= 'GET'; M =:= 'HEAD' ->
            serve(E, Query, Cfg);
        _ ->
            {405, <<"text/plain">>, <<"method not allowed\n">>,
             <<"Allow: GET, HEAD\r\n">>}
    end.

endpoint(<<"/hello">>) -> hello;
endpoint(<<"/xml">>) -> xml;
endpoint(<<"/static/6b">>) -> static_6b;
endpoint(<<"/static/4k">>) -> static_4k;
endpoint(_) -> none.

serve(hello, _, _) ->
    {200, <<"text/plain">>, <<"Hello World\n">>, <<>>};
serve(xml, Query, _) ->
    Body = case query_value(Query, <<"value">>) of
               V when is_binary(V), V =/= <<>> ->
                   [<<"<http_test><value>">>, xml_escape(utf8_lossy(V)),
                    <<"</value></http_test>">>];
               _ ->
                   <<"<http_test><error>no value specified</error></http_test>">>
           end,
    {200, <<"text/xml">>, Body, <<>>};
serve(static_6b, _, #cfg{static_6b = B}) ->
    {200, <<"application/octet-stream">>, B, <<>>};
serve(static_4k, _, #cfg{static_4k = B}) ->
    {200, <<"application/octet-stream">>, B, <<>>}.

%% ------------------------------------------------------ query and escaping

%% The form-decoded value of the first parameter called Name, or none.
query_value(none, _) -> none;
query_value(Query, Name) ->
    find_param(binary:split(Query, <<"&">>, [global]), Name).

find_param([], _) -> none;
find_param([<<>> | Rest], Name) -> find_param(Rest, Name);
find_param([Pair | Rest], Name) ->
    {K, V} = case binary:split(Pair, <<"=">>) of
                 [K0, V0] -> {K0, V0};
                 [K0] -> {K0, <<>>}
             end,
    case form_decode(K) of
        Name -> form_decode(V);
        _ -> find_param(Rest, Name)
    end.

%% "+" is a space, "%XX" a byte; a "%" not followed by two hex digits stays.
form_decode(Bin) ->
    case binary:match(Bin, [<<"%">>, <<"+">>]) of
        nomatch -> Bin;
        _ -> form_decode(Bin, <<>>)
    end.

form_decode(<<>>, Acc) -> Acc;
form_decode(<<$+, Rest/binary>>, Acc) ->
    form_decode(Rest, <<Acc/binary, $\s>>);
form_decode(<<$%, H, L, Rest/binary>>, Acc) ->
    case {hex(H), hex(L)} of
        {Hi, Lo} when is_integer(Hi), is_integer(Lo) ->
            form_decode(Rest, <<Acc/binary, (Hi * 16 + Lo)>>);
        _ ->
            form_decode(<<H, L, Rest/binary>>, <<Acc/binary, $%>>)
    end;
form_decode(<<C, Rest/binary>>, Acc) ->
    form_decode(Rest, <<Acc/binary, C>>).

hex(C) when C >= $0, C =< $9 -> C - $0;
hex(C) when C >= $a, C =< $f -> C - $a + 10;
hex(C) when C >= $A, C =< $F -> C - $A + 10;
hex(_) -> bad.

%% Invalid UTF-8 becomes U+FFFD, one per maximal invalid subsequence (as
%% the contract's decoder does).
utf8_lossy(Bin) ->
    case unicode:characters_to_binary(Bin) of
        Good when is_binary(Good) -> Good;
        {_, Good, Rest} -> <<Good/binary, (utf8_replace(Rest))/binary>>
    end.

utf8_replace(Bad = <<B0, Tail/binary>>) ->
    Skip = case second_byte_range(B0) of
               {Lo, Hi, Need} -> 1 + continuation(Tail, Lo, Hi, Need);
               none -> 1
           end,
    <<_:Skip/binary, Rest/binary>> = Bad,
    <<16#EF, 16#BF, 16#BD, (utf8_lossy(Rest))/binary>>.

second_byte_range(B) when B >= 16#C2, B =< 16#DF -> {16#80, 16#BF, 1};
second_byte_range(16#E0) -> {16#A0, 16#BF, 2};
second_byte_range(16#ED) -> {16#80, 16#9F, 2};
second_byte_range(B) when B >= 16#E1, B =< 16#EF -> {16#80, 16#BF, 2};
second_byte_range(16#F0) -> {16#90, 16#BF, 3};
second_byte_range(B) when B >= 16#F1, B =< 16#F3 -> {16#80, 16#BF, 3};
second_byte_range(16#F4) -> {16#80, 16#8F, 3};
second_byte_range(_) -> none.

%% How many bytes after the lead byte belong to the (incomplete) sequence.
continuation(<<B, Rest/binary>>, Lo, Hi, Need) when B >= Lo, B =< Hi ->
    1 + continuation_rest(Rest, Need - 1);
continuation(_, _, _, _) -> 0.

continuation_rest(_, 0) -> 0;
continuation_rest(<<B, Rest/binary>>, Need) when B >= 16#80, B =< 16#BF ->
    1 + continuation_rest(Rest, Need - 1);
continuation_rest(_, _) -> 0.

xml_escape(V) ->
    case binary:match(V, [<<"&">>, <<"<">>, <<">">>, <<"\"">>, <<"'">>]) of
        nomatch -> V;
        _ -> xml_escape(V, <<>>)
    end.

xml_escape(<<>>, Acc) -> Acc;
xml_escape(<<$&, R/binary>>, Acc) -> xml_escape(R, <<Acc/binary, "&amp;">>);
xml_escape(<<$<, R/binary>>, Acc) -> xml_escape(R, <<Acc/binary, "&lt;">>);
xml_escape(<<$>, R/binary>>, Acc) -> xml_escape(R, <<Acc/binary, "&gt;">>);
xml_escape(<<$", R/binary>>, Acc) -> xml_escape(R, <<Acc/binary, "&quot;">>);
xml_escape(<<$', R/binary>>, Acc) -> xml_escape(R, <<Acc/binary, "&apos;">>);
xml_escape(<<C, R/binary>>, Acc) -> xml_escape(R, <<Acc/binary, C>>).

%% ------------------------------------------------------------------ clock

%% The Date header value lives in a named ETS table that one process
%% rewrites just after each second boundary; connections only read it.
start_clock() ->
    Self = self(),
    spawn(fun() ->
                  ets:new(?CLOCK_TABLE, [named_table, protected,
                                         {read_concurrency, true}]),
                  tick(),
                  Self ! clock_ready,
                  clock_loop()
          end),
    receive clock_ready -> ok end.

clock_loop() ->
    Ms = erlang:system_time(millisecond) rem 1000,
    receive after 1000 - Ms + 1 -> ok end,
    tick(),
    clock_loop().

%% From erlang:system_time/1: erlang:universaltime/0 (and so
%% calendar:universal_time/0) was seen lagging up to a second behind it.
tick() ->
    Now = calendar:system_time_to_universal_time(erlang:system_time(second),
                                                 second),
    ets:insert(?CLOCK_TABLE, {date, format_date(Now)}).

http_date() ->
    ets:lookup_element(?CLOCK_TABLE, date, 2).

%% RFC 9110 IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT".
format_date({{Y, Mo, D} = Date, {H, Mi, S}}) ->
    Day = element(calendar:day_of_the_week(Date),
                  {<<"Mon">>, <<"Tue">>, <<"Wed">>, <<"Thu">>, <<"Fri">>,
                   <<"Sat">>, <<"Sun">>}),
    Month = element(Mo, {<<"Jan">>, <<"Feb">>, <<"Mar">>, <<"Apr">>,
                         <<"May">>, <<"Jun">>, <<"Jul">>, <<"Aug">>,
                         <<"Sep">>, <<"Oct">>, <<"Nov">>, <<"Dec">>}),
    iolist_to_binary([Day, <<", ">>, two(D), $\s, Month, $\s,
                      integer_to_binary(Y), $\s, two(H), $:, two(Mi), $:,
                      two(S), <<" GMT">>]).

two(N) when N < 10 -> <<$0, ($0 + N)>>;
two(N) -> integer_to_binary(N).
