%% mochiweb (Debian's erlang-mochiweb) with a handler of our own for the
%% barrage endpoint contract, after seed 004's mochi_bench: the loop fun
%% reads the query with mochiweb's own parser (mochiweb_request:parse_qs/1),
%% checks the "value" variable and echoes it in XML, or answers the error
%% XML when it is missing or empty.
%%
%% mochiweb does the rest as it always does: its acceptor pool, one process
%% per connection, its own Server header, its cached Date (mochiweb_clock),
%% keep-alive (HTTP/1.1 unless "Connection: close"; HTTP/1.0 only with
%% "Connection: Keep-Alive" written exactly so) and HEAD.
%%
%% Start: erl -noshell -noinput -pa build -s mochiweb_barrage start HOST PORT DOCROOT
-module(mochiweb_barrage).

-export([start/1]).

%% Room for seed 000's 5,000 concurrent connections and seed 004's bursts of
%% new ones: mochiweb's defaults are max = 2048 connections, backlog = 128.
-define(MAX_CONNECTIONS, 100000).
-define(BACKLOG, 8192).

start([Host, Port, Docroot]) ->
    Dir = atom_to_list(Docroot),
    Static6b = read_static(Dir, "6b"),
    Static4k = read_static(Dir, "4k"),
    Loop = fun(Req) -> handle(Req, Static6b, Static4k) end,
    Opts = [{name, ?MODULE},
            {ip, atom_to_list(Host)},
            {port, list_to_integer(atom_to_list(Port))},
            {loop, Loop},
            {max, ?MAX_CONNECTIONS},
            {backlog, ?BACKLOG},
            {nodelay, true},
            %% The listener must outlive this -s call's process: without
            %% {link, false}, mochiweb_http:start/1 links it to the caller
            %% and it stops when the caller returns.
            {link, false}],
    case mochiweb_http:start(Opts) of
        {ok, _Pid} ->
            io:format("mochiweb: listening on ~s:~s (~b schedulers)~n",
                      [Host, Port, erlang:system_info(schedulers_online)]);
        Error ->
            fail("cannot start on ~s:~s: ~p", [Host, Port, Error])
    end;
start(Args) ->
    fail("usage: -s mochiweb_barrage start HOST PORT DOCROOT (got ~p)", [Args]).

fail(Fmt, Args) ->
    io:format(standard_error, "mochiweb: " ++ Fmt ++ "~n", Args),
    erlang:halt(1).

read_static(Docroot, Name) ->
    File = filename:join([Docroot, "static", Name]),
    case file:read_file(File) of
        {ok, Bin} -> Bin;
        {error, Reason} -> fail("cannot read ~s: ~p", [File, Reason])
    end.

handle(Req, Static6b, Static4k) ->
    Method = mochiweb_request:get(method, Req),
    case endpoint(mochiweb_request:get(path, Req)) of
        none ->
            reply(Req, 404, "text/plain", <<"not found\n">>, []);
        Endpoint when Method =:= 'GET'; Method =:= 'HEAD' ->
            case Endpoint of
                hello ->
                    reply(Req, 200, "text/plain", <<"Hello World\n">>, []);
                xml ->
                    reply(Req, 200, "text/xml", xml_body(Req), []);
                static_6b ->
                    reply(Req, 200, "application/octet-stream", Static6b, []);
                static_4k ->
                    reply(Req, 200, "application/octet-stream", Static4k, [])
            end;
        _ ->
            reply(Req, 405, "text/plain", <<"method not allowed\n">>,
                  [{"Allow", "GET, HEAD"}])
    end.

endpoint("/hello") -> hello;
endpoint("/xml") -> xml;
endpoint("/static/6b") -> static_6b;
endpoint("/static/4k") -> static_4k;
endpoint(_) -> none.

%% mochiweb_request:respond/2 adds Content-Length, Server, Date and, when it
%% will close, "Connection: close"; for HEAD it sends the head only.
reply(Req, Status, Type, Body, Extra) ->
    mochiweb_request:respond({Status, [{"Content-Type", Type} | Extra], Body},
                             Req).

xml_body(Req) ->
    %% parse_qs decodes %XX and "+"; proplists:get_value/2 takes the first.
    case proplists:get_value("value", mochiweb_request:parse_qs(Req)) of
        Missing when Missing =:= undefined; Missing =:= "" ->
            <<"<http_test><error>no value specified</error></http_test>">>;
        Value ->
            [<<"<http_test><value>">>,
             xml_escape(utf8_lossy(list_to_binary(Value))),
             <<"</value></http_test>">>]
    end.

xml_escape(V) ->
    case binary:match(V, [<<"&">>, <<"<">>, <<">">>, <<"\"">>, <<"'">>]) of
        nomatch -> V;
        _ -> << <<(escape_char(C))/binary>> || <<C>> <= V >>
    end.

escape_char($&) -> <<"&amp;">>;
escape_char($<) -> <<"&lt;">>;
escape_char($>) -> <<"&gt;">>;
escape_char($") -> <<"&quot;">>;
escape_char($') -> <<"&apos;">>;
escape_char(C) -> <<C>>.

%% Invalid UTF-8 in the decoded value becomes U+FFFD (one per maximal
%% invalid subsequence), as the contract's decoder does.
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

continuation(<<B, Rest/binary>>, Lo, Hi, Need) when B >= Lo, B =< Hi ->
    1 + continuation_rest(Rest, Need - 1);
continuation(_, _, _, _) -> 0.

continuation_rest(_, 0) -> 0;
continuation_rest(<<B, Rest/binary>>, Need) when B >= 16#80, B =< 16#BF ->
    1 + continuation_rest(Rest, Need - 1);
continuation_rest(_, _) -> 0.
