%% barrage contract server on Cowboy 2 (Erlang): the contract's endpoints
%% (/hello, /xml, /static/6b, /static/4k) by one handler for every other
%% path, as seed 004's cowboy_bench routed '_' to a single handler, and the
%% workloads of docs/workloads.md by routes of their own (baseline,
%% plaintext, json, json-processing, compression, upload, static).
%%
%% Run: erl -noshell -pa DEPS... -run cowboy_bench main HOST PORT DOCROOT DATA
%% DOCROOT holds static/6b and static/4k, DATA is data/workloads/ (the
%% dataset and the static set); both are read once at start into
%% persistent_term.
-module(cowboy_bench).
-export([main/1, init/2]).

-define(IS_HEX(C), ((C >= $0 andalso C =< $9) orelse (C >= $a andalso C =< $f)
                    orelse (C >= $A andalso C =< $F))).
-define(XML_NO_VALUE, <<"<http_test><error>no value specified</error></http_test>">>).

main([Host, Port, Docroot, Data]) ->
    try
        load_workloads(Docroot, Data),
        start(Host, list_to_integer(Port), Docroot)
    catch
        Class:Reason ->
            io:format(standard_error, "cowboy: cannot start: ~p:~p~n", [Class, Reason]),
            halt(1)
    end;
main(Args) ->
    io:format(standard_error, "cowboy: usage: main HOST PORT DOCROOT DATA (got ~p)~n", [Args]),
    halt(2).

start(Host, Port, Docroot) ->
    {ok, _} = application:ensure_all_started(cowboy),
    {ok, Ip} = inet:parse_address(Host),
    Read = fun(Name) ->
        {ok, Body} = file:read_file(filename:join([Docroot, "static", Name])),
        Body
    end,
    Endpoints = #{
        <<"/hello">> => {<<"text/plain">>, <<"Hello World\n">>},
        <<"/xml">> => {<<"text/xml">>, xml},
        <<"/static/6b">> => {<<"application/octet-stream">>, Read("6b")},
        <<"/static/4k">> => {<<"application/octet-stream">>, Read("4k")}
    },
    Dispatch = cowboy_router:compile([{'_', [
        {"/plaintext", ?MODULE, plaintext},
        {"/json", ?MODULE, json},
        {"/json/:count", ?MODULE, json_processing},
        {"/baseline", ?MODULE, baseline},
        {"/upload", ?MODULE, upload},
        {"/static/:name", ?MODULE, static},
        {'_', ?MODULE, Endpoints}
    ]}]),
    {ok, _} = cowboy:start_clear(
        bench,
        #{
            socket_opts => [{ip, Ip}, {port, Port}, {backlog, 4096}],
            max_connections => infinity
        },
        #{
            env => #{dispatch => Dispatch},
            % Benchmark connections live for the whole run: no cap on the
            % requests per connection (Cowboy's default is 100), a generous
            % wait for the next request (default 5 s) and idle timeout.
            max_keepalive => 1000000000,
            request_timeout => 60000,
            idle_timeout => 120000
        }
    ),
    {ok, Vsn} = application:get_key(cowboy, vsn),
    io:format("cowboy: listening on ~s:~b (cowboy ~s, Erlang/OTP ~s, ~b scheduler(s))~n",
              [Host, Port, Vsn, erlang:system_info(otp_release),
               erlang:system_info(schedulers_online)]).

%% The handler. Cowboy adds `server: Cowboy`, `date` and `content-length`,
%% and drops the body of a HEAD response. The workloads' routes carry an
%% atom as state; every other path the contract's map.
init(Req, Route) when is_atom(Route) ->
    Method = cowboy_req:method(Req),
    {ok, workload(Route, Method, Req), Route};
init(Req, Endpoints) ->
    Method = cowboy_req:method(Req),
    Reply =
        case maps:get(cowboy_req:path(Req), Endpoints, not_found) of
            not_found ->
                cowboy_req:reply(404, #{<<"content-type">> => <<"text/plain">>},
                                 <<"not found\n">>, Req);
            {Type, Body} when Method =:= <<"GET">>; Method =:= <<"HEAD">> ->
                cowboy_req:reply(200, #{<<"content-type">> => Type},
                                 body(Body, Req), Req);
            _ ->
                cowboy_req:reply(405, #{<<"content-type">> => <<"text/plain">>,
                                        <<"allow">> => <<"GET, HEAD">>},
                                 <<"method not allowed\n">>, Req)
        end,
    {ok, Reply, Endpoints}.

body(xml, Req) ->
    case query_value(cowboy_req:qs(Req)) of
        <<>> -> ?XML_NO_VALUE;
        Value -> [<<"<http_test><value>">>, xml_escape(Value), <<"</value></http_test>">>]
    end;
body(Body, _Req) ->
    Body.

%% The first `value` of the query, form-decoded (`+` is a space, `%XX` a
%% byte, a stray `%` itself), invalid UTF-8 replaced by U+FFFD; <<>> when
%% missing. Cowboy's own cowboy_req:parse_qs/1 would crash on a stray `%`
%% and pass invalid UTF-8 through, so the contract's decoding is done here.
query_value(Qs) ->
    first_value(binary:split(Qs, <<"&">>, [global])).

first_value([]) ->
    <<>>;
first_value([Pair | Rest]) ->
    {Key, Value} =
        case binary:split(Pair, <<"=">>) of
            [K, V] -> {K, V};
            [K] -> {K, <<>>}
        end,
    case Key =:= <<"value">> orelse form_decode(Key) =:= <<"value">> of
        true -> utf8_lossy(form_decode(Value));
        false -> first_value(Rest)
    end.

form_decode(Bin) ->
    form_decode(Bin, <<>>).

form_decode(<<$+, Rest/binary>>, Acc) ->
    form_decode(Rest, <<Acc/binary, $\s>>);
form_decode(<<$%, H, L, Rest/binary>>, Acc) when ?IS_HEX(H), ?IS_HEX(L) ->
    form_decode(Rest, <<Acc/binary, (hex(H) * 16 + hex(L))>>);
form_decode(<<C, Rest/binary>>, Acc) ->
    form_decode(Rest, <<Acc/binary, C>>);
form_decode(<<>>, Acc) ->
    Acc.

hex(C) when C =< $9 -> C - $0;
hex(C) when C =< $F -> C - $A + 10;
hex(C) -> C - $a + 10.

utf8_lossy(Bin) ->
    case unicode:characters_to_binary(Bin) of
        Valid when is_binary(Valid) -> Valid;
        _ -> utf8_lossy(Bin, <<>>)
    end.

utf8_lossy(<<C/utf8, Rest/binary>>, Acc) ->
    utf8_lossy(Rest, <<Acc/binary, C/utf8>>);
utf8_lossy(<<_, Rest/binary>>, Acc) ->
    utf8_lossy(Rest, <<Acc/binary, 16#FFFD/utf8>>);
utf8_lossy(<<>>, Acc) ->
    Acc.

xml_escape(Bin) ->
    << <<(xml_escape_byte(C))/binary>> || <<C>> <= Bin >>.

xml_escape_byte($&) -> <<"&amp;">>;
xml_escape_byte($<) -> <<"&lt;">>;
xml_escape_byte($>) -> <<"&gt;">>;
xml_escape_byte($") -> <<"&quot;">>;
xml_escape_byte($') -> <<"&apos;">>;
xml_escape_byte(C) -> <<C>>.

%% --- the workloads (docs/workloads.md) ---

-define(DATASET_MAX, 50).
-define(MAX_MULTIPLIER, 1000000).
%% Largest upload taken (crates/contract MAX_UPLOAD); larger ones get 413.
-define(MAX_UPLOAD, 33554432).
%% Largest POST /baseline body read; a number with whitespace is far shorter.
-define(MAX_BASELINE_BODY, 4096).
-define(TEXT, #{<<"content-type">> => <<"text/plain">>}).
-define(JSON, #{<<"content-type">> => <<"application/json">>}).

%% The dataset (a list of maps as jiffy decodes them) and the static set
%% (name => {ContentType, Body, Gzip | undefined, Brotli | undefined}),
%% with the contract's 6b and 4k, kept in persistent_term.
load_workloads(Docroot, Data) ->
    {ok, Json} = file:read_file(filename:join(Data, "dataset.json")),
    persistent_term:put({?MODULE, dataset}, jiffy:decode(Json, [return_maps])),
    Dir = filename:join(Data, "static"),
    {ok, Index} = file:read_file(filename:join(Dir, "index.tsv")),
    Rows = [binary:split(L, <<"\t">>, [global])
            || L <- binary:split(Index, <<"\n">>, [global]), L =/= <<>>, binary:first(L) =/= $#],
    Read = fun(Name) -> {ok, B} = file:read_file(filename:join(Dir, Name)), B end,
    Files = maps:from_list(
        [{Name, static_entry(Type, Read(Name), Pre =:= <<"1">>, Read, Name)}
         || [Name, Type, _Size, _Sha, Pre | _] <- Rows]),
    Legacy = maps:from_list(
        [{N, {<<"application/octet-stream">>, element(2, file:read_file(filename:join([Docroot, "static", N]))),
              undefined, undefined}} || N <- [<<"6b">>, <<"4k">>]]),
    persistent_term:put({?MODULE, static}, maps:merge(Files, Legacy)).

static_entry(Type, Body, true, Read, Name) ->
    {Type, Body, Read(<<Name/binary, ".gz">>), Read(<<Name/binary, ".br">>)};
static_entry(Type, Body, false, _Read, _Name) ->
    {Type, Body, undefined, undefined}.

workload(Route, Method, Req) when Route =/= upload, (Method =:= <<"GET">> orelse Method =:= <<"HEAD">>) ->
    get_workload(Route, Req);
workload(baseline, <<"POST">>, Req) ->
    baseline_post(Req);
workload(upload, <<"POST">>, Req) ->
    upload(Req);
workload(Route, _Method, Req) ->
    Allow = case Route of
        baseline -> <<"GET, HEAD, POST">>;
        upload -> <<"POST">>;
        _ -> <<"GET, HEAD">>
    end,
    cowboy_req:reply(405, #{<<"content-type">> => <<"text/plain">>, <<"allow">> => Allow},
                     <<"method not allowed\n">>, Req).

get_workload(plaintext, Req) ->
    cowboy_req:reply(200, ?TEXT, <<"Hello, World!">>, Req);
get_workload(json, Req) ->
    cowboy_req:reply(200, ?JSON, jiffy:encode(#{<<"message">> => <<"Hello, World!">>}), Req);
get_workload(json_processing, Req) ->
    json_processing(Req);
get_workload(baseline, Req) ->
    case baseline_query(Req) of
        {ok, Sum} -> sum(Sum, Req);
        {error, Why} -> bad_request(Why, Req)
    end;
get_workload(static, Req) ->
    static(Req).

bad_request(Why, Req) ->
    cowboy_req:reply(400, ?TEXT, [Why, $\n], Req).

sum(N, Req) ->
    cowboy_req:reply(200, ?TEXT, integer_to_binary(N), Req).

%% GET /json/{count}?m={m}: the first count items with total = price ×
%% quantity × m, and count; gzip when Accept-Encoding takes it (Erlang's
%% zlib; no brotli in OTP).
json_processing(Req) ->
    M = case query_param(<<"m">>, cowboy_req:qs(Req)) of
        undefined -> 1;
        MText -> digits(MText)
    end,
    case {digits(cowboy_req:binding(count, Req)), M} of
        {error, _} ->
            bad_request(<<"count in /json/{count} must be a non-negative integer">>, Req);
        {_, error} ->
            bad_request(<<"query parameter m must be a non-negative integer">>, Req);
        {Count, _} ->
            Items = lists:sublist(persistent_term:get({?MODULE, dataset}), min(Count, ?DATASET_MAX)),
            Mult = min(M, ?MAX_MULTIPLIER),
            Out = [Item#{<<"total">> => P * Q * Mult}
                   || #{<<"price">> := P, <<"quantity">> := Q} = Item <- Items],
            Body = jiffy:encode(#{<<"items">> => Out, <<"count">> => length(Out)}),
            Headers = ?JSON#{<<"vary">> => <<"accept-encoding">>},
            case accepts(Req) of
                #{<<"gzip">> := Q} when Q > 0 ->
                    cowboy_req:reply(200, Headers#{<<"content-encoding">> => <<"gzip">>},
                                     zlib:gzip(Body), Req);
                _ ->
                    cowboy_req:reply(200, Headers, Body, Req)
            end
    end.

%% The codings of Accept-Encoding with their q (0..1000), "*" standing for
%% gzip and br when they are not named; #{} when absent or malformed.
accepts(Req) ->
    Parsed = try cowboy_req:parse_header(<<"accept-encoding">>, Req) of
        undefined -> [];
        List -> List
    catch _:_ -> []
    end,
    Named = maps:from_list([{C, Q} || {C, Q} <- lists:reverse(Parsed)]),
    case maps:find(<<"*">>, Named) of
        {ok, Any} -> maps:merge(#{<<"gzip">> => Any, <<"br">> => Any}, Named);
        error -> Named
    end.

%% GET /static/{name}: the file with its Content-Type; for the text files
%% the .br or .gz variant when Accept-Encoding takes it (higher q, br on a
%% tie). 404 for a name not in the set.
static(Req) ->
    case maps:find(cowboy_req:binding(name, Req), persistent_term:get({?MODULE, static})) of
        error ->
            cowboy_req:reply(404, ?TEXT, <<"not found\n">>, Req);
        {ok, {Type, Body, undefined, undefined}} ->
            cowboy_req:reply(200, #{<<"content-type">> => Type}, Body, Req);
        {ok, {Type, Body, Gzip, Brotli}} ->
            Headers = #{<<"content-type">> => Type, <<"vary">> => <<"accept-encoding">>},
            Acc = accepts(Req),
            Br = maps:get(<<"br">>, Acc, 0),
            Gz = maps:get(<<"gzip">>, Acc, 0),
            if
                Br > 0, Br >= Gz ->
                    cowboy_req:reply(200, Headers#{<<"content-encoding">> => <<"br">>}, Brotli, Req);
                Gz > 0 ->
                    cowboy_req:reply(200, Headers#{<<"content-encoding">> => <<"gzip">>}, Gzip, Req);
                true ->
                    cowboy_req:reply(200, Headers, Body, Req)
            end
    end.

%% a + b of /baseline's query.
baseline_query(Req) ->
    Qs = cowboy_req:qs(Req),
    case {query_param(<<"a">>, Qs), query_param(<<"b">>, Qs)} of
        {undefined, _} -> {error, <<"missing query parameter a">>};
        {_, undefined} -> {error, <<"missing query parameter b">>};
        {A, B} ->
            case {integer(A), integer(B)} of
                {{ok, X}, {ok, Y}} -> {ok, X + Y};
                _ -> {error, <<"query parameters a and b must be integers">>}
            end
    end.

%% POST /baseline: a + b + the body's number, the body read as it comes
%% (Content-Length or chunked).
baseline_post(Req0) ->
    case baseline_query(Req0) of
        {error, Why} ->
            bad_request(Why, Req0);
        {ok, Sum} ->
            {Body, Req} = read_small_body(Req0, <<>>),
            case Body =/= too_long andalso integer(trim(Body)) of
                {ok, C} -> sum(Sum + C, Req);
                _ -> bad_request(<<"the body of POST /baseline must be an integer">>, Req)
            end
    end.

read_small_body(Req0, Acc) ->
    {Status, Data, Req} = cowboy_req:read_body(Req0, #{length => ?MAX_BASELINE_BODY}),
    Body = <<Acc/binary, Data/binary>>,
    if
        byte_size(Body) > ?MAX_BASELINE_BODY -> {too_long, Req};
        Status =:= ok -> {Body, Req};
        true -> read_small_body(Req, Body)
    end.

%% POST /upload: the number of body bytes received, counted piece by piece
%% as they arrive (never taken from Content-Length); over MAX_UPLOAD, 413
%% and the connection closed.
upload(Req) ->
    upload(Req, 0).

upload(Req0, N0) ->
    {Status, Data, Req} = cowboy_req:read_body(Req0, #{length => 1048576, period => 15000}),
    N = N0 + byte_size(Data),
    if
        N > ?MAX_UPLOAD ->
            cowboy_req:reply(413, #{<<"content-type">> => <<"text/plain">>, <<"connection">> => <<"close">>},
                             <<"upload larger than 33554432 bytes\n">>, Req);
        Status =:= ok ->
            cowboy_req:reply(200, ?TEXT, integer_to_binary(N), Req);
        true ->
            upload(Req, N)
    end.

%% A decimal integer, optionally negative, at most 18 digits.
integer(<<$-, Digits/binary>>) ->
    case integer(Digits) of
        {ok, N} when Digits =/= <<>>, binary_part(Digits, 0, 1) =/= <<"-">> -> {ok, -N};
        _ -> error
    end;
integer(Bin) when byte_size(Bin) >= 1, byte_size(Bin) =< 18 ->
    case all_digits(Bin) of
        true -> {ok, binary_to_integer(Bin)};
        false -> error
    end;
integer(_) ->
    error.

%% A non-negative decimal integer (any length), or error.
digits(Bin) when is_binary(Bin), byte_size(Bin) >= 1 ->
    case all_digits(Bin) of
        true -> binary_to_integer(Bin);
        false -> error
    end;
digits(_) ->
    error.

all_digits(Bin) ->
    lists:all(fun(C) -> C >= $0 andalso C =< $9 end, binary_to_list(Bin)).

trim(Bin) ->
    trim_right(trim_left(Bin)).

trim_left(<<C, Rest/binary>>) when C =:= $\s; C =:= $\t; C =:= $\r; C =:= $\n; C =:= $\f ->
    trim_left(Rest);
trim_left(Bin) ->
    Bin.

trim_right(<<>>) ->
    <<>>;
trim_right(Bin) ->
    case binary:last(Bin) of
        C when C =:= $\s; C =:= $\t; C =:= $\r; C =:= $\n; C =:= $\f ->
            trim_right(binary_part(Bin, 0, byte_size(Bin) - 1));
        _ -> Bin
    end.

%% The form-decoded value of the first NAME parameter of the query, or
%% undefined; a parameter without '=' has the value <<>>.
query_param(Name, Qs) ->
    find_param(Name, binary:split(Qs, <<"&">>, [global])).

find_param(_Name, []) ->
    undefined;
find_param(Name, [<<>> | Rest]) ->
    find_param(Name, Rest);
find_param(Name, [Pair | Rest]) ->
    {Key, Value} =
        case binary:split(Pair, <<"=">>) of
            [K, V] -> {K, V};
            [K] -> {K, <<>>}
        end,
    case Key =:= Name orelse form_decode(Key) =:= Name of
        true -> form_decode(Value);
        false -> find_param(Name, Rest)
    end.
